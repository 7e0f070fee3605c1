import type { Area } from '@parkade/contract';
import { and, eq, getTableColumns, inArray, isNull, or, type Column, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Scope } from '../scope';
import { inArea, splitValues, unknownField, type ListParseContext } from './parse';

/** The list engine's includes: related data loaded in one batch per level for a whole page. */

/** The includes asked for below one level: `include=user.role,property` → { user: { role: {} }, property: {} }. */
export interface IncludeTree {
  [name: string]: IncludeTree;
}

/**
 * Related data a list (or another include) may carry. `load` receives every item of the page at once, loads the
 * related rows in one query, applies the nested includes asked for to those rows, and sets them on the items.
 * Build one with `belongsTo` or `hasMany`.
 */
export interface IncludeDef<P = never> {
  description?: string;
  areas?: readonly Area[];
  /** Includes allowed beneath this one (`include=name.child`). */
  includes?: Record<string, IncludeDef<never>>;
  load(ctx: Scope, parents: P[], name: string, nested: IncludeTree): Promise<void>;
}

export type Key = string | number;

/** Loads the nested includes of already loaded rows. */
export async function loadNested(
  ctx: Scope,
  defs: Record<string, IncludeDef<never>> | undefined,
  rows: unknown[],
  tree: IncludeTree,
) {
  if (!rows.length) return;
  for (const [name, sub] of Object.entries(tree)) {
    const def = defs?.[name];
    if (!def) throw new Error(`include ${name} was validated but is not declared`);
    await (def as IncludeDef<unknown>).load(ctx, rows, name, sub);
  }
}

/**
 * A to-one include: each item carries the key of one related row (`item.propertyId` → `item.property`), or null.
 *
 *   property: belongsTo({ key: (e) => e.propertyId, load: (ctx, ids) => loadProperties(ctx.tx, ids) })
 */
export function belongsTo<P, R extends object>(opts: {
  key: (parent: P) => Key | null | undefined;
  load: (ctx: Scope, keys: Key[]) => Promise<R[]>;
  /** The related row's key; defaults to its `id`. */
  id?: (row: R) => Key;
  includes?: Record<string, IncludeDef<NoInfer<R>>>;
  description?: string;
  areas?: readonly Area[];
}): IncludeDef<P> {
  const idOf = opts.id ?? ((r: R) => (r as unknown as { id: Key }).id);
  return {
    description: opts.description,
    areas: opts.areas,
    includes: opts.includes,
    async load(ctx, parents, name, nested) {
      const keys = new Map<string, Key>();
      for (const p of parents) {
        const k = opts.key(p);
        if (k !== null && k !== undefined) keys.set(String(k), k);
      }
      const rows = keys.size ? await opts.load(ctx, [...keys.values()]) : [];
      await loadNested(ctx, this.includes, rows, nested);
      const byKey = new Map(rows.map((r) => [String(idOf(r)), r]));
      for (const p of parents) {
        const k = opts.key(p);
        (p as Record<string, unknown>)[name] =
          k === null || k === undefined ? null : (byKey.get(String(k)) ?? null);
      }
    },
  };
}

/**
 * A to-many include: rows that point at the item (`vehicle.residentId` → `resident.vehicles`), as an array.
 *
 *   vehicles: hasMany({ key: (r) => r.id, foreignKey: (v) => v.residentId, load: (ctx, ids) => ... })
 */
export function hasMany<P, R extends object>(opts: {
  /** The item's own key the related rows point at; defaults to its `id`. */
  key?: (parent: P) => Key;
  foreignKey: (row: R) => Key | null;
  load: (ctx: Scope, keys: Key[]) => Promise<R[]>;
  includes?: Record<string, IncludeDef<NoInfer<R>>>;
  description?: string;
  areas?: readonly Area[];
}): IncludeDef<P> {
  const keyOf = opts.key ?? ((p: P) => (p as unknown as { id: Key }).id);
  return {
    description: opts.description,
    areas: opts.areas,
    includes: opts.includes,
    async load(ctx, parents, name, nested) {
      const keys = new Map<string, Key>();
      for (const p of parents) keys.set(String(keyOf(p)), keyOf(p));
      const rows = keys.size ? await opts.load(ctx, [...keys.values()]) : [];
      await loadNested(ctx, this.includes, rows, nested);
      const byKey = new Map<string, R[]>();
      for (const r of rows) {
        const fk = opts.foreignKey(r);
        if (fk === null) continue;
        let list = byKey.get(String(fk));
        if (!list) byKey.set(String(fk), (list = []));
        list.push(r);
      }
      for (const p of parents) (p as Record<string, unknown>)[name] = byKey.get(String(keyOf(p))) ?? [];
    },
  };
}

/**
 * The rows of a table with these ids, as one query: the one relation loader of list includes. A tenant table (one
 * with a `property_id` column) is read in the scope's property only, whatever the ids say; a global table as is; a
 * mixed table (a nullable `property_id`: roles) in the scope's property and its shared rows, or — centrally, with
 * no property selected — as row-level security shows it.
 *
 *   building: belongsTo({ key: (u) => u.buildingId,
 *     load: (ctx, ids) => rowsByIds(ctx, buildings, { id: buildings.id, name: buildings.name }, ids) })
 */
export function rowsByIds<S extends SelectedFields>(ctx: Scope, table: PgTable, select: S, ids: Key[]) {
  const columns = getTableColumns(table) as Record<string, Column | undefined>;
  const idColumn = columns.id;
  if (!idColumn) throw new Error('rowsByIds needs a table with an id column');
  const property = columns.propertyId;
  let tenant: SQL | undefined;
  if (property?.notNull) tenant = eq(property, ctx.propertyId);
  else if (property && ctx.property) tenant = or(eq(property, ctx.property.id), isNull(property));
  return ctx.tx
    .select(select)
    .from(table)
    .where(and(tenant, inArray(idColumn, ids.map(Number))));
}

/** `a.b` and `a` → { a: { b: {} } }, every segment checked against the declared includes. */
export function parseIncludes(
  q: ListParseContext,
  raw: string,
  declared: Record<string, IncludeDef<never>> | undefined,
): IncludeTree {
  const tree: IncludeTree = {};
  for (const path of splitValues(q, 'include', raw)) {
    let node = tree;
    let defs = declared;
    for (const seg of path.split('.')) {
      const def = defs && Object.hasOwn(defs, seg) ? defs[seg] : undefined;
      if (!def || !inArea(def, q.area))
        throw unknownField(q, 'include', path, includePaths(declared, q.area), 'include');
      node = node[seg] ??= {};
      defs = def.includes;
    }
  }
  return tree;
}

/** Every include path the resource allows in the area (`user`, `user.role`, …), for error messages and docs. */
export function includePaths(
  defs: Record<string, IncludeDef<never>> | undefined,
  area: Area | null,
  depth = 0,
): string[] {
  if (!defs || depth > 4) return [];
  const out: string[] = [];
  for (const [name, def] of Object.entries(defs)) {
    if (area && !inArea(def, area)) continue;
    out.push(name, ...includePaths(def.includes, area, depth + 1).map((p) => `${name}.${p}`));
  }
  return out;
}
