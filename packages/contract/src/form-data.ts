import { z } from 'zod';

export type FormValue = string | number | boolean | Date | Blob | null | undefined | FormValue[];

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The form-data rules of SPEC §5: booleans travel as 1/0, empty values are omitted, arrays as `name[]`,
 * dates as ISO strings, files as themselves. `method` adds the `_method` override for PUT/PATCH uploads.
 */
export function toFormData(values: Record<string, FormValue>, method?: 'PUT' | 'PATCH'): FormData {
  const fd = new FormData();
  const append = (name: string, v: FormValue) => {
    if (isEmpty(v)) return;
    if (typeof v === 'boolean') fd.append(name, v ? '1' : '0');
    else if (v instanceof Date) fd.append(name, v.toISOString());
    else if (typeof Blob !== 'undefined' && v instanceof Blob) fd.append(name, v, (v as File).name ?? 'file');
    else if (typeof v === 'string' || typeof v === 'number') fd.append(name, String(v));
  };
  for (const [name, v] of Object.entries(values)) {
    if (Array.isArray(v)) {
      for (const item of v) append(`${name}[]`, item);
    } else append(name, v);
  }
  if (method) fd.append('_method', method);
  return fd;
}

/** A boolean field that arrives as JSON true/false or as form-data 1/0. */
export const formBoolean = z.union(
  [
    z.boolean(),
    z.enum(['1', '0', 'true', 'false'], 'validation.boolean').transform((v) => v === '1' || v === 'true'),
  ],
  // A union reports "invalid input"; name the rule instead (a missing value keeps the required message).
  { error: (iss) => (iss.input === undefined ? undefined : 'validation.boolean') },
);

/** A number field that arrives as a JSON number or a form-data string. */
export const formNumber = z.union(
  [
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'validation.numeric')
      .transform(Number),
  ],
  { error: (iss) => (iss.input === undefined ? undefined : 'validation.numeric') },
);

/** A positive integer id (route params and foreign keys). */
export const idSchema = z.coerce
  .number('validation.integer')
  .int('validation.integer')
  .positive('validation.positive');
export const idParams = z.object({ id: idSchema });
