import {
  DOCUMENT_PARTS,
  docTexts,
  unknownVariables,
  type DocumentItem,
  type DocumentLayout,
  type DocumentPart,
  type DocumentText,
} from '@parkade/contract';

/**
 * The document editor's rules apart from the screen: what changed, the check of a text before it is sent (the server
 * makes the same one: a variable the document does not offer), and where the server's field errors go.
 */

/** JSON with sorted keys: texts from the API (stored as jsonb) and from the editor compare equal when they are. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The languages whose text differs from the saved one. */
export function changedLanguages(drafts: Record<string, DocumentText>, doc: DocumentItem): string[] {
  return doc.languages.filter((l) => canonical(drafts[l]) !== canonical(doc.texts[l]));
}

export const layoutChanged = (layout: DocumentLayout, doc: DocumentItem) =>
  canonical(layout) !== canonical(doc.layout);

/** By part: the variables a text uses that the document does not offer. */
export function unknownIn(
  text: DocumentText,
  variables: readonly string[],
): Partial<Record<DocumentPart, string[]>> {
  const out: Partial<Record<DocumentPart, string[]>> = {};
  for (const part of DOCUMENT_PARTS) {
    const unknown = [...new Set(docTexts(text[part]).flatMap((s) => unknownVariables(s, variables)))];
    if (unknown.length) out[part] = unknown;
  }
  return out;
}

/** By language, by part: the server's messages (`texts.es.body` → es/body); the rest are general. */
export function placeErrors(errors: Record<string, string[]> | undefined): {
  fields: Partial<Record<string, Partial<Record<DocumentPart, string>>>>;
  general: string[];
} {
  const fields: Partial<Record<string, Partial<Record<DocumentPart, string>>>> = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const m = /^texts\.([a-z]{2,3})\.(header|body|footer)$/.exec(key);
    if (m) (fields[m[1]!] ??= {})[m[2] as DocumentPart] = messages.join(' ');
    else general.push(...messages);
  }
  return { fields, general };
}
