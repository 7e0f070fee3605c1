import type { MessageRef } from '@parkade/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../platform/errors';

/**
 * Forms validate with the contract's own zod schemas (DESIGN §6), so the browser and the server refuse the same
 * input with the same words. A form field's error message is kept as a translation reference, not as text, so
 * that switching the language re-renders it in the new language:
 *
 * - a message our schemas name ('validation.postalCode') is the key itself;
 * - any other zod issue goes through the contract's issueToMessage and is stored as JSON {key, params};
 * - a message from the server (RequestError.errors) is already text in the request's language and stays as it is.
 */
type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The field-message renderer of the current language, for field components. */
export function useFormMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => formMessage(message, t);
}

/** A translation key our schemas name as a message: a dotted name without spaces (zod's own messages have spaces). */
const OWN_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/i;

export function encodeMessage(ref: MessageRef): string {
  return ref.params ? JSON.stringify(ref) : ref.key;
}

/** A stored field message → the text to show (`t` is i18next's). */
export function formMessage(
  message: string | undefined,
  translate: Translate | TFunction,
): string | undefined {
  if (!message) return undefined;
  const t = translate as Translate;
  if (message.startsWith('{"key":')) {
    try {
      const ref = JSON.parse(message) as MessageRef;
      return t(ref.key, ref.params);
    } catch {
      return message;
    }
  }
  return OWN_KEY.test(message) ? t(message) : message;
}

/** Where the server's field errors go in a form. */
export interface ServerErrorPlacement {
  /** Errors set on fields of the form (name → the first message). */
  fields: { name: string; message: string }[];
  /** Messages of fields the form does not show: they go into the general alert. */
  other: string[];
}

/**
 * Places the server's field errors (`{ code: [...], 'zipCodes.2': [...] }`) on the form's fields: a dotted key goes
 * to the longest field name of the form it starts with ('zipCodes.2' → 'zipCodes'), so an error on an array item
 * lands on the array's input. Keys matching no field are returned as general messages.
 */
export function placeServerErrors(
  errors: Record<string, string[]>,
  fieldNames: readonly string[],
): ServerErrorPlacement {
  const byLength = [...fieldNames].sort((a, b) => b.length - a.length);
  const fields: ServerErrorPlacement['fields'] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages.find((m) => m.trim());
    if (!message) continue;
    const name = byLength.find((f) => key === f || key.startsWith(`${f}.`) || key.startsWith(`${f}[`));
    if (name === undefined) {
      other.push(message);
      continue;
    }
    if (!fields.some((f) => f.name === name)) fields.push({ name, message });
  }
  return { fields, other };
}

/**
 * A failed submit of a form kept in plain state (a multipart upload: a photo, a request's files) → each named
 * field's first message, and the text for the form's alert when no field took one (the server's message with the
 * messages of fields the form does not show).
 */
export function fieldErrorsOf<K extends string>(
  error: unknown,
  names: readonly K[],
): { fields: Partial<Record<K, string>>; problem: string | null } {
  if (!(error instanceof RequestError))
    return { fields: {}, problem: error instanceof Error ? error.message : String(error) };
  const placed = placeServerErrors(error.errors, names);
  const fields: Partial<Record<K, string>> = {};
  for (const f of placed.fields) fields[f.name as K] = f.message;
  return {
    fields,
    problem: placed.fields.length ? null : [error.message, ...placed.other].join(' — '),
  };
}

/**
 * A failed save → field errors set on the form (setError, focus on the first) and the general message for the
 * alert: the server's message plus the messages of fields the form does not show (none already under a field).
 */
export function applyServerErrors(
  error: unknown,
  fieldNames: readonly string[],
  setError: (
    name: string,
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
): { general: string; statusCode: number } {
  if (!(error instanceof RequestError)) {
    return { general: error instanceof Error ? error.message : String(error), statusCode: 500 };
  }
  const { fields, other } = placeServerErrors(error.errors, fieldNames);
  fields.forEach((f, i) =>
    setError(f.name, { type: 'server', message: f.message }, { shouldFocus: i === 0 }),
  );
  // A message already shown under its field is not repeated in the alert (a refused visitor limit said it twice).
  const general = [error.message, ...other].filter((m) => !fields.some((f) => f.message === m));
  return { general: general.join(' — '), statusCode: error.statusCode };
}
