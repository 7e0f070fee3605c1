import { DOC_TABLE_COLUMNS_MAX, DOC_TEXT_MAX, docContentSchema, type DocContent } from '@parkade/contract';
import { Editor, type JSONContent } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { toDocContent } from './doc-normalize';
import { richTextExtensions } from './extensions';

const editors: Editor[] = [];
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});
/** A real editor with the field's schema (headless, in jsdom). */
function editorWith(content: JSONContent | string) {
  const editor = new Editor({ extensions: richTextExtensions(), content });
  editors.push(editor);
  return editor;
}
/** What the field gives its form: the editor's JSON in the subset; the server's schema must accept it as it is. */
function output(editor: Editor): DocContent {
  const doc = toDocContent(editor.getJSON());
  expect(docContentSchema.parse(doc)).toEqual(doc);
  return doc;
}

/** Every node and mark type in a text. */
function typesIn(doc: DocContent): Set<string> {
  const out = new Set<string>();
  const walk = (n: JSONContent) => {
    out.add(n.type ?? '');
    for (const m of n.marks ?? []) out.add(m.type);
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return out;
}

/** A text with every structure of the subset, in its canonical form. */
const FULL: DocContent = {
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { level: 1, textAlign: 'center' },
      content: [{ type: 'text', text: 'Parking policies' }],
    },
    { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Guests' }] },
    {
      type: 'paragraph',
      attrs: { textAlign: 'justify' },
      content: [
        { type: 'text', text: 'Dear ' },
        { type: 'text', text: '{{residentName}}', marks: [{ type: 'bold' }, { type: 'underline' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'welcome', marks: [{ type: 'italic' }] },
      ],
    },
    { type: 'paragraph' },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One vehicle' }] }],
        },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Nested' }] },
            {
              type: 'orderedList',
              attrs: { start: 3 },
              content: [
                {
                  type: 'listItem',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'c' }] }],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'orderedList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'first' }] }] },
      ],
    },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            {
              type: 'tableHeader',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Day' }] }],
            },
            {
              type: 'tableHeader',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hours' }] }],
            },
          ],
        },
        {
          type: 'tableRow',
          content: [
            {
              type: 'tableCell',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Monday' }] }],
            },
            { type: 'tableCell', content: [{ type: 'paragraph' }] },
          ],
        },
      ],
    },
    { type: 'pageBreak' },
    { type: 'paragraph', attrs: { textAlign: 'right' }, content: [{ type: 'text', text: '{{signature}}' }] },
  ],
};

describe('toDocContent through a real editor', () => {
  it('gives back every structure of the subset as it went in, and the schema accepts it', () => {
    const editor = editorWith(FULL);
    expect(output(editor)).toEqual(FULL);
  });

  it('keeps what the toolbar’s commands write inside the subset', () => {
    const editor = editorWith({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }],
    });
    editor.chain().selectAll().toggleBold().toggleUnderline().setTextAlign('center').run();
    editor.chain().setTextSelection(6).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    // Not in a table cell (where insertTable left the cursor): after the table.
    expect(editor.can().setPageBreak()).toBe(false);
    editor
      .chain()
      .setTextSelection(editor.state.doc.content.size - 1)
      .setPageBreak()
      .run();
    editor.commands.insertContent({ type: 'text', text: '{{unit}}' });
    const doc = output(editor);
    expect(doc.content[0]).toEqual({
      type: 'paragraph',
      attrs: { textAlign: 'center' },
      content: [{ type: 'text', text: 'Hello', marks: [{ type: 'bold' }, { type: 'underline' }] }],
    });
    const table = doc.content.find((b) => b.type === 'table');
    expect(table).toMatchObject({ type: 'table' });
    if (table?.type !== 'table') throw new Error('no table');
    expect(table.content).toHaveLength(3);
    expect(table.content[0]!.content.map((c) => c.type)).toEqual([
      'tableHeader',
      'tableHeader',
      'tableHeader',
    ]);
    expect(table.content[1]!.content.map((c) => c.type)).toEqual(['tableCell', 'tableCell', 'tableCell']);
    expect(doc.content.some((b) => b.type === 'pageBreak')).toBe(true);
    expect(JSON.stringify(doc)).toContain('{{unit}}');
  });

  it('writes left alignment and an ordered list from 1 as their defaults (no attributes)', () => {
    const editor = editorWith('<p style="text-align: left">a</p><ol start="1"><li><p>b</p></li></ol>');
    editor.chain().setTextSelection(1).setTextAlign('left').run();
    expect(output(editor)).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'a' }] },
        {
          type: 'orderedList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }] },
          ],
        },
        // The editor keeps a paragraph after a last list or table, for the cursor.
        { type: 'paragraph' },
      ],
    });
  });

  it('turns pasted HTML from anywhere into the subset: no link, image, script, code, quote or level-4 heading', () => {
    const editor = editorWith(
      '<h4>Small</h4><p>See <a href="https://evil.example">this</a> <img src="x" onerror="alert(1)">' +
        '<code>code</code> <s>gone</s></p><script>alert(1)</script><blockquote><p>Quoted</p></blockquote>' +
        '<pre><code>let a = 1;</code></pre><hr><ul><li>item</li></ul>' +
        '<table><tr><th colspan="2" style="width:300px">Both</th></tr><tr><td>a</td><td>b</td></tr></table>',
    );
    const doc = output(editor);
    const json = JSON.stringify(doc);
    expect(typesIn(doc)).toEqual(
      new Set([
        'doc',
        'paragraph',
        'text',
        'bulletList',
        'listItem',
        'table',
        'tableRow',
        'tableHeader',
        'tableCell',
      ]),
    );
    for (const banned of ['href', 'evil', 'alert', 'colspan', 'colwidth', 'width'])
      expect(json).not.toContain(banned);
    expect(json).toContain('Quoted');
    expect(json).toContain('let a = 1;');
    expect(json).toContain('See this');
    const table = doc.content.find((b) => b.type === 'table');
    if (table?.type !== 'table') throw new Error('no table');
    // The header spanning both columns is two cells: the grid keeps its shape.
    expect(table.content.map((r) => r.content.length)).toEqual([2, 2]);
  });

  it('gives one empty paragraph for an empty editor', () => {
    const editor = editorWith('');
    editor.commands.clearContent();
    expect(output(editor)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});

describe('toDocContent on any JSON', () => {
  it('drops null and default attributes, spans and widths, and marks outside the subset', () => {
    const doc = toDocContent({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: null },
          content: [
            {
              type: 'text',
              text: 'a',
              marks: [
                { type: 'link', attrs: { href: 'x' } },
                { type: 'italic' },
                { type: 'italic' },
                { type: 'bold' },
              ],
            },
          ],
        },
        { type: 'heading', attrs: { level: 5, textAlign: 'left' }, content: [{ type: 'text', text: 'h' }] },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [{ type: 'listItem', content: [] }],
        },
        {
          type: 'orderedList',
          attrs: { start: -4 },
          content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: { colspan: 1, rowspan: 1, colwidth: [120] },
                  content: [{ type: 'paragraph' }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(doc).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'a', marks: [{ type: 'bold' }, { type: 'italic' }] }],
        },
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'h' }] },
        { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] },
        {
          type: 'orderedList',
          attrs: { start: 0 },
          content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
        },
        {
          type: 'table',
          content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph' }] }] }],
        },
      ],
    });
    expect(docContentSchema.safeParse(doc).success).toBe(true);
  });

  it('keeps a row’s first columns up to the limit, and cuts a text too long for one node in pieces', () => {
    const cells = Array.from({ length: DOC_TABLE_COLUMNS_MAX + 3 }, (_, i) => ({
      type: 'tableCell',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: `c${i}` }] }],
    }));
    const long = 'x'.repeat(DOC_TEXT_MAX * 2 + 5);
    const doc = toDocContent({
      type: 'doc',
      content: [
        { type: 'table', content: [{ type: 'tableRow', content: cells }] },
        { type: 'paragraph', content: [{ type: 'text', text: long, marks: [{ type: 'bold' }] }] },
      ],
    });
    expect(docContentSchema.safeParse(doc).success).toBe(true);
    const [table, paragraph] = doc.content;
    expect(table?.type === 'table' && table.content[0]!.content.length).toBe(DOC_TABLE_COLUMNS_MAX);
    const texts = paragraph?.type === 'paragraph' ? (paragraph.content ?? []) : [];
    expect(texts.map((t) => (t.type === 'text' ? t.text.length : 0))).toEqual([
      DOC_TEXT_MAX,
      DOC_TEXT_MAX,
      5,
    ]);
    expect(texts.every((t) => t.type === 'text' && t.marks?.[0]?.type === 'bold')).toBe(true);
  });

  it('keeps the content of nodes outside the subset, and puts loose text in a paragraph', () => {
    expect(
      toDocContent({
        type: 'doc',
        content: [
          { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'q' }] }] },
          { type: 'image', attrs: { src: 'x' } },
          { type: 'text', text: 'loose' },
          { type: 'bulletList', content: [] },
        ],
      }),
    ).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'q' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'loose' }] },
      ],
    });
    expect(toDocContent({ type: 'doc', content: [] })).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph' }],
    });
    expect(toDocContent({ type: 'doc' })).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
