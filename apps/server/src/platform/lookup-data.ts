import { lookupData } from '@parkade/contract';
import type { ZodType } from 'zod';

/*
 * Lookup data in an answer (decision 0038): the values a response schema types with a schema of the contract's
 * `lookupData` registry (a plate lookup, the offline copy, a verdict of the server's lookup), wherever they sit in it.
 * Routes that answer them are round-only (RouteDef.roundOnly); the route harness finds them with
 * `carriesLookupData`, and a write answered to an officer off round goes out through `withoutLookupData`.
 */

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  items?: ZodType[];
  rest?: ZodType | null;
  in?: ZodType;
  out?: ZodType;
  left?: ZodType;
  right?: ZodType;
  valueType?: ZodType;
  getter?: () => ZodType;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose value is their inner type's, or null / undefined. */
const NULLABLE = new Set(['nullable', 'optional']);
const WRAPPERS = new Set(['nullable', 'optional', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schemas a schema is made of, one level down (none for a leaf). */
function children(def: Def): ZodType[] {
  if (WRAPPERS.has(def.type)) return [def.innerType!];
  switch (def.type) {
    case 'object':
      return Object.values(def.shape ?? {});
    case 'array':
      return [def.element!];
    case 'union':
      return def.options ?? [];
    case 'tuple':
      return [...(def.items ?? []), ...(def.rest ? [def.rest] : [])];
    case 'pipe':
      return [def.in!, def.out!];
    case 'intersection':
      return [def.left!, def.right!];
    case 'record':
      return [def.valueType!];
    case 'lazy':
      return [def.getter!()];
    default:
      return [];
  }
}

export interface LookupPlace {
  /** Where, as keys and `[]` for array items (`observationList[].lookup`). */
  path: string;
  /** Whether an answer may hold null there (a wrapper above it is nullable or optional). */
  nullable: boolean;
}

/** Every place of lookup data in a response schema, with whether null may stand there. */
export function lookupPlaces(schema: ZodType | undefined): LookupPlace[] {
  const found: LookupPlace[] = [];
  const seen = new Set<ZodType>();
  const walk = (s: ZodType, path: string, nullable: boolean) => {
    if (lookupData.has(s)) {
      found.push({ path: path || '(the answer)', nullable });
      return;
    }
    if (seen.has(s)) return;
    seen.add(s);
    const def = defOf(s);
    const canBeNull = nullable || NULLABLE.has(def.type);
    if (def.type === 'object')
      for (const [key, child] of Object.entries(def.shape ?? {}))
        walk(child, path ? `${path}.${key}` : key, false);
    else if (def.type === 'array') walk(def.element!, `${path}[]`, false);
    else for (const child of children(def)) walk(child, path, WRAPPERS.has(def.type) ? canBeNull : false);
    seen.delete(s);
  };
  if (schema) walk(schema, '', false);
  return found;
}

/** What is wrong with a route declared round-only (RouteDef.roundOnly), or null. */
export function roundOnlyProblem(def: {
  method: string;
  areas: readonly string[];
  propertyScoped?: boolean | 'optional';
  roundOnly?: boolean;
  schema?: { response?: Record<number, ZodType> };
}): string | null {
  if (!def.roundOnly) return null;
  if (def.propertyScoped !== true && def.areas.includes('central'))
    return 'a round-only route works on one property (propertyScoped)';
  // A write's answer is sent to an officer off round with its lookup data null: null must be a valid answer there.
  const fixed = lookupPlaces(def.schema?.response?.[200]).filter((p) => !p.nullable);
  if (def.method !== 'GET' && fixed.length)
    return `round-only, its lookup data must be nullable (${fixed.map((p) => p.path).join(', ')})`;
  return null;
}

/** Whether an answer of this schema may carry lookup data. */
export const carriesLookupData = (schema: ZodType | undefined) => lookupPlaces(schema).length > 0;

/**
 * The answer with every value its schema types as lookup data replaced by null (a copy; the rest as it was). Each
 * object key is followed through the schema that types it, so lookup data under any name is found.
 */
export function withoutLookupData(schema: ZodType, value: unknown): unknown {
  if (lookupData.has(schema)) return value === undefined ? undefined : null;
  if (value === null || value === undefined) return value;
  const def = defOf(schema);
  if (def.type === 'object' && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, child] of Object.entries(def.shape ?? {}))
      if (key in out) out[key] = withoutLookupData(child, out[key]);
    return out;
  }
  if (def.type === 'array' && Array.isArray(value))
    return value.map((item: unknown) => withoutLookupData(def.element!, item));
  if (def.type === 'tuple' && Array.isArray(value))
    return value.map((item: unknown, i) => {
      const s = def.items?.[i] ?? def.rest;
      return s ? withoutLookupData(s, item) : item;
    });
  // A wrapper, a union (each option's lookup data), a pipe: through every schema below, in turn.
  return children(def).reduce<unknown>((v, child) => withoutLookupData(child, v), value);
}

/** The lookup data an answer holds: each non-null value its schema types as lookup data (for tests). */
export function lookupValuesOf(schema: ZodType | undefined, value: unknown): unknown[] {
  const found: unknown[] = [];
  const collect = (s: ZodType, v: unknown): void => {
    if (v === null || v === undefined) return;
    if (lookupData.has(s)) {
      found.push(v);
      return;
    }
    const def = defOf(s);
    if (def.type === 'object' && typeof v === 'object' && !Array.isArray(v))
      for (const [key, child] of Object.entries(def.shape ?? {}))
        collect(child, (v as Record<string, unknown>)[key]);
    else if (def.type === 'array' && Array.isArray(v)) for (const item of v) collect(def.element!, item);
    else if (def.type === 'tuple' && Array.isArray(v))
      v.forEach((item, i) => {
        const t = def.items?.[i] ?? def.rest;
        if (t) collect(t, item);
      });
    else for (const child of children(def)) collect(child, v);
  };
  if (schema) collect(schema, value);
  return found;
}
