import {
  DOC_TABLE_COLUMNS_MAX,
  DOC_TEXT_MAX,
  emptyDoc,
  type DocAlign,
  type DocBlock,
  type DocContent,
  type DocInline,
  type DocListItem,
  type DocMark,
  type DocTableCell,
  type DocTableRow,
} from '@parkade/contract';
import type { JSONContent } from '@tiptap/core';

/*
 * The editor's JSON (TipTap's getJSON()) as the contract's `DocContent`: only the subset's nodes, marks and
 * attributes, in one canonical form, so `docContentSchema` always accepts it and two equal texts are equal JSON.
 *  - Attributes at their default are left out: no alignment (or "left"), an ordered list starting at 1.
 *  - Table cells lose their spans and widths; a cell spanning n columns becomes n cells (the first holds the text), so
 *    the grid keeps its shape; a row keeps its first DOC_TABLE_COLUMNS_MAX cells.
 *  - A node outside the subset gives its content (a quote's paragraphs stay paragraphs), or nothing when it has none
 *    (an image); a mark outside the subset is dropped (a link's text stays, as text).
 *  - A text longer than DOC_TEXT_MAX is split into several texts with the same marks.
 *  - An empty document is one empty paragraph.
 */
export function toDocContent(json: JSONContent): DocContent {
  const content = blocks(json.type === 'doc' ? json.content : [json]);
  return content.length ? { type: 'doc', content } : emptyDoc();
}

const MARKS: readonly DocMark['type'][] = ['bold', 'italic', 'underline'];
const INLINE = new Set(['text', 'hardBreak']);

function textAlign(attrs: JSONContent['attrs']): { textAlign?: DocAlign } {
  const a: unknown = attrs?.textAlign;
  return a === 'center' || a === 'right' || a === 'justify' ? { textAlign: a } : {};
}

function marks(list: JSONContent['marks']): DocMark[] {
  const types = new Set((list ?? []).map((m) => m.type));
  return MARKS.filter((m) => types.has(m)).map((type) => ({ type }));
}

/** Cut a long text in pieces of at most DOC_TEXT_MAX characters, never inside a surrogate pair. */
function pieces(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > DOC_TEXT_MAX) {
    let cut = DOC_TEXT_MAX;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

function inlines(nodes: JSONContent[] | undefined): DocInline[] {
  const out: DocInline[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') out.push({ type: 'hardBreak' });
    else if (typeof node.text === 'string') {
      const m = marks(node.marks);
      for (const text of pieces(node.text))
        out.push(m.length ? { type: 'text', text, marks: m } : { type: 'text', text });
    } else out.push(...inlines(node.content));
  }
  return out;
}

/** A paragraph's attributes and content, each left out when empty. */
function paragraph(attrs: { textAlign?: DocAlign }, content: DocInline[]): DocBlock {
  return {
    type: 'paragraph',
    ...(attrs.textAlign ? { attrs } : {}),
    ...(content.length ? { content } : {}),
  };
}

const withParagraph = (content: DocBlock[]): DocBlock[] =>
  content.length ? content : [{ type: 'paragraph' }];

function listItems(nodes: JSONContent[] | undefined): DocListItem[] {
  const out: DocListItem[] = [];
  for (const node of nodes ?? []) {
    const content = blocks(node.type === 'listItem' ? node.content : [node]);
    if (node.type === 'listItem' || content.length)
      out.push({ type: 'listItem', content: withParagraph(content) });
  }
  return out;
}

function rows(nodes: JSONContent[] | undefined): DocTableRow[] {
  const out: DocTableRow[] = [];
  for (const row of nodes ?? []) {
    if (row.type !== 'tableRow') continue;
    const cells: DocTableCell[] = [];
    for (const cell of row.content ?? []) {
      if (cell.type !== 'tableCell' && cell.type !== 'tableHeader') continue;
      cells.push({ type: cell.type, content: withParagraph(blocks(cell.content)) });
      const span = Number(cell.attrs?.colspan);
      for (let i = 1; Number.isInteger(span) && i < Math.min(span, DOC_TABLE_COLUMNS_MAX); i++)
        cells.push({ type: cell.type, content: [{ type: 'paragraph' }] });
    }
    if (cells.length) out.push({ type: 'tableRow', content: cells.slice(0, DOC_TABLE_COLUMNS_MAX) });
  }
  return out;
}

function block(node: JSONContent): DocBlock[] {
  switch (node.type) {
    case 'paragraph':
      return [paragraph(textAlign(node.attrs), inlines(node.content))];
    case 'heading': {
      const n = Number(node.attrs?.level);
      const level: 1 | 2 | 3 = n >= 3 ? 3 : n === 2 ? 2 : 1;
      const content = inlines(node.content);
      return [
        {
          type: 'heading',
          attrs: { level, ...textAlign(node.attrs) },
          ...(content.length ? { content } : {}),
        },
      ];
    }
    case 'bulletList': {
      const content = listItems(node.content);
      return content.length ? [{ type: 'bulletList', content }] : [];
    }
    case 'orderedList': {
      const content = listItems(node.content);
      const n = Number(node.attrs?.start);
      const start = Number.isInteger(n) && n !== 1 ? Math.min(Math.max(n, 0), 10_000) : undefined;
      if (!content.length) return [];
      return [{ type: 'orderedList', ...(start === undefined ? {} : { attrs: { start } }), content }];
    }
    case 'table': {
      const content = rows(node.content);
      return content.length ? [{ type: 'table', content }] : [];
    }
    case 'pageBreak':
      return [{ type: 'pageBreak' }];
    default:
      // Outside the subset: what it holds (a quote's paragraphs, a code block's text), or nothing.
      if (typeof node.text === 'string' || !node.content) return [];
      return blocks(node.content);
  }
}

/** Blocks; inline nodes found among blocks (text straight in a list item or a quote) go in a paragraph. */
function blocks(nodes: JSONContent[] | undefined): DocBlock[] {
  const out: DocBlock[] = [];
  let loose: JSONContent[] = [];
  const flush = () => {
    const content = inlines(loose);
    if (content.length) out.push({ type: 'paragraph', content });
    loose = [];
  };
  for (const node of nodes ?? []) {
    if (INLINE.has(node.type ?? '') || (typeof node.text === 'string' && !node.content)) loose.push(node);
    else {
      flush();
      out.push(...block(node));
    }
  }
  flush();
  return out;
}
