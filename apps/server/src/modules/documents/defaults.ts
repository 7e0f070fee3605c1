import {
  DEFAULT_DOCUMENT_LAYOUT,
  DOCUMENT_KINDS,
  type DocBlock,
  type DocContent,
  type DocumentKind,
  type DocumentLayout,
  type DocumentText,
  type Language,
} from '@parkade/contract';
import { t } from '../../platform/i18n';

/**
 * The shipped texts' variables under the documents' names (the translations were written for the mails, which say
 * `{{name}}` where a document says `{{residentName}}`).
 */
const RENAMES: Record<string, string> = {
  name: 'residentName',
  units: 'unit',
  place: 'propertyName',
  vehicles: 'vehiclesAllowed',
  changes: 'changesAllowed',
  grace: 'towGraceHours',
};
const renamed = (text: string) =>
  text.replace(/\{\{\s*([A-Za-z][\w]*)\s*\}\}/g, (_m, v: string) => `{{${RENAMES[v] ?? v}}}`);

const paragraph = (text: string): DocBlock => ({
  type: 'paragraph',
  content: text ? [{ type: 'text', text }] : undefined,
});

/** A shipped text as blocks: "1. …" lines make a numbered list, blank lines separate paragraphs. */
function blocks(text: string): DocBlock[] {
  const out: DocBlock[] = [];
  for (const chunk of renamed(text).split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim());
    if (lines.length && lines.every((l) => /^\d+\.\s/.test(l)))
      out.push({
        type: 'orderedList',
        content: lines.map((l) => ({ type: 'listItem', content: [paragraph(l.replace(/^\d+\.\s+/, ''))] })),
      });
    else for (const l of lines) out.push(paragraph(l));
  }
  return out;
}

/**
 * The shipped default of a kind in a language (version 0): today's texts of the translations. The header names the
 * property and the title; the body is the kind's texts (a text that is a title becomes a heading); the footer names
 * the property's address (every page also gets its number).
 */
export function defaultText(kind: DocumentKind, lang: Language): DocumentText {
  const def = DOCUMENT_KINDS[kind];
  const header: DocContent = {
    type: 'doc',
    content: [
      paragraph('{{propertyName}}'),
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: t(lang, def.defaultTitle) }] },
    ],
  };
  const body: DocBlock[] = def.defaultBody.flatMap((key) =>
    key.endsWith('.title')
      ? [
          {
            type: 'heading',
            attrs: { level: 2 },
            content: [{ type: 'text', text: t(lang, key) }],
          },
        ]
      : blocks(t(lang, key)),
  );
  const footer: DocContent = {
    type: 'doc',
    content: [paragraph('{{propertyAddress}}')],
  };
  return { header, body: { type: 'doc', content: body }, footer };
}

export const defaultLayout = (): DocumentLayout => structuredClone(DEFAULT_DOCUMENT_LAYOUT);
