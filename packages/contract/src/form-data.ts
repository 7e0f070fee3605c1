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
