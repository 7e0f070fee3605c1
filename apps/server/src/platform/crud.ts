import type { AuditAction, AuditEntity } from '@parkade/contract';
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { HttpError, invalid, notFound, pgError, type PgErrorLike } from './errors';
import type { Scope } from './scope';
import { t } from './i18n';

/**
 * Audited writes. Every create, update, delete and state change goes through one of these, so its binnacle
 * entry is written in the same transaction, with the changed attributes old → new.
 */
type Row<T extends PgTable> = T['$inferSelect'];
type Insert<T extends PgTable> = T['$inferInsert'];

/**
 * Maps unique-constraint names to the field whose value is taken (error "already in use" on that field), or to
 * the field and its own message (`{ field: 'number', key: 'spots.numberTaken' }`).
 */
export type UniqueFields = Record<string, string | { field: string; key: string }>;

function constraintOf(e: PgErrorLike): string | undefined {
  if (e.constraint ?? e.constraint_name) return e.constraint ?? e.constraint_name;
  return /constraint "([^"]+)"/.exec(e.message ?? '')?.[1];
}

/** Runs a write; a unique violation becomes "already in use" on its field instead of a 500. */
export async function guardUnique<R>(unique: UniqueFields, fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    const e = pgError(err);
    const c = e && constraintOf(e);
    const target = c ? unique[c] : undefined;
    if (e?.code === '23505' && target) {
      const { field, key } = typeof target === 'string' ? { field: target, key: 'validation.inUse' } : target;
      throw invalid({ [field]: [{ key }] });
    }
    throw err;
  }
}

function idOf(row: Record<string, unknown>) {
  return (row.id ?? null) as number | string | null;
}

export async function createRow<T extends PgTable>(
  ctx: Scope,
  table: T,
  entity: AuditEntity,
  values: Insert<T>,
  unique: UniqueFields = {},
  /** What the audit entry records of the row (e.g. without a secret); the row itself by default. */
  redact: (row: Row<T>) => Record<string, unknown> = (r) => r,
): Promise<Row<T>> {
  const rows = (await guardUnique(unique, () => ctx.tx.insert(table).values(values).returning())) as Row<T>[];
  const row = rows[0]!;
  await ctx.audit({ entity, entityId: idOf(row), action: 'create', new: redact(row) });
  return row;
}

export async function updateRow<T extends PgTable>(
  ctx: Scope,
  table: T,
  entity: AuditEntity,
  where: SQL,
  patch: Partial<Insert<T>>,
  options: {
    unique?: UniqueFields;
    action?: AuditAction;
    /** What the audit entry records of the row before and after (e.g. without a secret). */
    redact?: (row: Row<T>) => Record<string, unknown>;
    /** What the audit entry records beside the row's change (a workflow step's comment, not a column). */
    note?: Record<string, unknown>;
  } = {},
): Promise<Row<T>> {
  const redact = options.redact ?? ((r: Row<T>) => r);
  const source: PgTable = table;
  const before = (await ctx.tx.select().from(source).where(where).for('update')) as Row<T>[];
  if (!before[0]) throw notFound(entity);
  const withTime = 'updatedAt' in getTableColumns(table) ? { ...patch, updatedAt: new Date() } : patch;
  const rows = (await guardUnique(options.unique ?? {}, () =>
    ctx.tx.update(table).set(withTime).where(where).returning(),
  )) as Row<T>[];
  const after = rows[0]!;
  await ctx.audit({
    entity,
    entityId: idOf(after),
    action: options.action ?? 'update',
    old: redact(before[0]),
    new: { ...redact(after), ...options.note },
  });
  return after;
}

/**
 * Maps foreign-key constraint names (of tables that point at the deleted row) to the message of the 409 that
 * refuses the delete while such rows exist, e.g. { models_make_id_makes_id_fk: 'catalogs.makes.hasModels' }.
 */
export type ReferencedBy = Record<string, string>;

/** Runs a delete; a row still referenced becomes a 409 with the constraint's message (or a generic one). */
export async function guardReferenced<R>(referencedBy: ReferencedBy, fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    const e = pgError(err);
    if (e?.code !== '23503') throw err;
    const c = constraintOf(e);
    throw new HttpError(409, (c && referencedBy[c]) || 'errors.stillReferenced');
  }
}

export async function deleteRow<T extends PgTable>(
  ctx: Scope,
  table: T,
  entity: AuditEntity,
  where: SQL,
  options: { referencedBy?: ReferencedBy } = {},
): Promise<Row<T>> {
  const rows = (await guardReferenced(options.referencedBy ?? {}, () =>
    ctx.tx.delete(table).where(where).returning(),
  )) as Row<T>[];
  if (!rows[0]) throw notFound(entity);
  await ctx.audit({ entity, entityId: idOf(rows[0]), action: 'delete', old: rows[0] });
  return rows[0];
}

/** The answer of a DELETE: "The building was deleted", in the request's language. */
export function deletedMessage(ctx: Scope, entity: string): { message: string } {
  return { message: t(ctx.lang, 'catalogs.deleted', { entity: t(ctx.lang, `entities.${entity}`) }) };
}
