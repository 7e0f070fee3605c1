import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, unknownVariables, type MessageRef } from '@parkade/contract';

/**
 * The rules of a mail's text editor, apart from the screen (the email templates, the email sender): a variable put
 * where the cursor is, the check of a text before it is sent (the server makes the same one: an empty or too long
 * text, a variable the mail does not offer), and where the server's field errors go.
 */
export type TextField = 'subject' | 'body';
export const TEXT_FIELDS: readonly TextField[] = ['subject', 'body'];

/** One language's text as the editor holds it. */
export interface TextDraft {
  subject: string;
  body: string;
}

/** By language, by field: a message to show under the field. */
export type FieldMessages<M = string> = Partial<Record<string, Partial<Record<TextField, M>>>>;

/** How a variable is written in a text. */
export const variableTag = (name: string) => `{{${name}}}`;

/**
 * `{{name}}` put in place of the selection `[start, end)` of a text (at the end when there is no selection), and
 * where the caret goes after it.
 */
export function insertVariable(
  text: string,
  name: string,
  start: number = text.length,
  end: number = start,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const tag = variableTag(name);
  return { text: text.slice(0, from) + tag + text.slice(to), caret: from + tag.length };
}

const MAX: Record<TextField, number> = { subject: MAIL_SUBJECT_MAX, body: MAIL_BODY_MAX };

/**
 * What is wrong with a subject or a body, as the server would say it (a translation key and its values), or null:
 * empty, longer than a mail's may be, or a `{{…}}` the mail does not offer (named, with the ones it does).
 */
export function checkText(field: TextField, text: string, allowed: readonly string[]): MessageRef | null {
  const trimmed = text.trim();
  if (!trimmed) return { key: 'validation.required' };
  if (trimmed.length > MAX[field]) return { key: 'validation.max', params: { max: MAX[field] } };
  const unknown = unknownVariables(text, allowed);
  if (!unknown.length) return null;
  const offered = allowed.map(variableTag).join(', ');
  return unknown.length === 1
    ? {
        key: 'emailTemplates.unknownVariable',
        params: { variable: variableTag(unknown[0]!), allowed: offered },
      }
    : {
        key: 'emailTemplates.unknownVariables',
        params: { variables: unknown.map(variableTag).join(', '), allowed: offered },
      };
}

/** Both fields of a text, checked. */
export function checkDraft(
  draft: TextDraft,
  allowed: readonly string[],
): Partial<Record<TextField, MessageRef>> {
  const out: Partial<Record<TextField, MessageRef>> = {};
  for (const field of TEXT_FIELDS) {
    const problem = checkText(field, draft[field], allowed);
    if (problem) out[field] = problem;
  }
  return out;
}

const TEXTS_KEY = /^texts\.([^.]+)\.(subject|body)$/;

/**
 * The server's field errors put on the editor's fields: `texts.es.body` on the Spanish body; `subject` and `body`
 * (a preview's or a test's, of one language) on that language's. Any other key's message is returned apart, for
 * the form's general alert.
 */
export function placeTemplateErrors(
  errors: Record<string, string[]>,
  language?: string,
): { fields: FieldMessages; other: string[] } {
  const fields: FieldMessages = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages.find((m) => m.trim());
    if (!message) continue;
    const match = TEXTS_KEY.exec(key);
    const lang = match ? match[1]! : key === 'subject' || key === 'body' ? language : undefined;
    const field = (match ? match[2] : key) as TextField;
    if (lang === undefined) {
      other.push(message);
      continue;
    }
    const forLang = (fields[lang] ??= {});
    forLang[field] ??= message;
  }
  return { fields, other };
}

/**
 * What to show under each field of each language: the text's own problem first (checkDraft), then what the server
 * said of it (a refused save, a preview's 422), in the order given. Shared by every mail text editor.
 */
export function fieldErrorReader(
  problems: Readonly<Record<string, Partial<Record<TextField, MessageRef>>>>,
  said: readonly FieldMessages[],
  t: (key: string, params: Record<string, string | number>) => string,
) {
  const errorOf = (l: string, field: TextField): string | undefined => {
    const problem = problems[l]?.[field];
    if (problem) return t(problem.key, problem.params ?? {});
    for (const messages of said) {
      const message = messages[l]?.[field];
      if (message) return message;
    }
    return undefined;
  };
  return {
    errorOf,
    errorsOf: (l: string) => ({ subject: errorOf(l, 'subject'), body: errorOf(l, 'body') }),
    hasErrors: (l: string) => Boolean(errorOf(l, 'subject') || errorOf(l, 'body')),
  };
}
