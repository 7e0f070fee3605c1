import { fieldError } from './errors';

/**
 * Characters no text field of ours may hold, refused for every request before any schema or query sees it
 * (issue 14, item 9; decision 0015):
 *
 * - C0 control characters but tab, line feed and carriage return (notes and addresses are multi-line). NUL is the
 *   one PostgreSQL itself refuses (`invalid byte sequence`), which reached the database as a 500; the others are
 *   invisible, break exports, PDFs and mail headers, and no form can type them.
 * - DEL and the C1 controls (U+007F–U+009F): invisible as well, and the usual residue of a wrong encoding.
 * - Lone UTF-16 surrogates: not characters at all; they would be stored as U+FFFD, silently changing the value.
 */
/** How deep a body may nest before it is refused as a whole (no form nests more than a few levels). */
const MAX_DEPTH = 32;

/** Whether the UTF-16 unit at `i` of `s` is refused; `pair` is true when it opens a valid surrogate pair. */
function refused(s: string, i: number): 'no' | 'yes' | 'pair' {
  const c = s.charCodeAt(i);
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d ? 'no' : 'yes';
  if (c >= 0x7f && c <= 0x9f) return 'yes';
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = s.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 'pair' : 'yes';
  }
  return c >= 0xdc00 && c <= 0xdfff ? 'yes' : 'no';
}

/** Whether a string holds a character no text field may hold. */
export function hasForbiddenCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const r = refused(s, i);
    if (r === 'yes') return true;
    if (r === 'pair') i++;
  }
  return false;
}

/** A key as a field name may show it: its forbidden characters as `?`. */
function printable(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const r = refused(s, i);
    out += r === 'yes' ? '?' : r === 'pair' ? s.slice(i, ++i + 1) : s[i];
  }
  return out;
}

/**
 * The path of the first value (or key) under `value` holding a forbidden character, named as field errors name
 * fields (`address.city`, `ids.2`); `prefix` names the part. Null when everything is clean.
 */
export function findForbidden(value: unknown, prefix: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? prefix.join('.') || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return prefix.join('.') || '_';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbidden(value[i], [...prefix, String(i)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (hasForbiddenCharacter(key)) return [...prefix, printable(key)].join('.');
    const found = findForbidden(inner, [...prefix, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a request part that holds a forbidden character: 422 naming the field, in the request's language.
 * Headers are named by their name; query strings by their parameter (`filter[term]`); bodies by their path.
 */
export function refuseForbiddenCharacters(parts: {
  headers?: Record<string, string | string[] | undefined>;
  params?: unknown;
  query?: unknown;
  body?: unknown;
}): void {
  for (const part of [parts.headers, parts.params, parts.query, parts.body]) {
    const field = findForbidden(part);
    if (field !== null) throw fieldError(field, 'validation.forbiddenCharacters');
  }
}
