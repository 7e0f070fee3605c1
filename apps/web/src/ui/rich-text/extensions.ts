import { canInsertNode, isNodeSelection, mergeAttributes, Node, type Extensions } from '@tiptap/core';
import { Heading } from '@tiptap/extension-heading';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { TableKit } from '@tiptap/extension-table';
import { TextAlign } from '@tiptap/extension-text-align';
import { StarterKit } from '@tiptap/starter-kit';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    pageBreak: {
      /**
       * Put a page break where the cursor is (a block of its own: the paragraph around the cursor splits). Not in a
       * table: a page cannot break inside a cell.
       */
      setPageBreak: () => ReturnType;
    };
  }
}

/**
 * A page break: a block with nothing inside (an atom), where the printed document starts a new page. The editor shows
 * it as a dashed line with its name, which the editor's styles write from `--rte-page-break-name` (so it follows the
 * interface's language without touching the document).
 */
export const PageBreak = Node.create({
  name: 'pageBreak',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  parseHTML() {
    return [{ tag: 'div[data-page-break]' }];
  },
  renderHTML() {
    return ['div', { 'data-page-break': '', class: 'rte-page-break' }];
  },
  addCommands() {
    return {
      setPageBreak:
        () =>
        ({ state, chain }) => {
          const { selection } = state;
          for (let d = selection.$from.depth; d > 0; d--)
            if (selection.$from.node(d).type.name === 'table') return false;
          if (!canInsertNode(state, state.schema.nodes[this.name]!)) return false;
          const c = chain();
          if (isNodeSelection(selection)) c.insertContentAt(selection.$to.pos, { type: this.name });
          else c.insertContent({ type: this.name });
          // The cursor goes on after the break (as after a horizontal rule): in the next paragraph, made if need be.
          return c
            .command(({ tr, dispatch }) => {
              if (!dispatch) return true;
              const { $to } = tr.selection;
              const next = $to.nodeAfter;
              if (next?.isTextblock) tr.setSelection(TextSelection.create(tr.doc, $to.pos + 1));
              else if (next) tr.setSelection(NodeSelection.create(tr.doc, $to.pos));
              else {
                const end = $to.end();
                tr.insert(end, state.schema.nodes.paragraph!.create());
                tr.setSelection(TextSelection.create(tr.doc, end + 1));
              }
              tr.scrollIntoView();
              return true;
            })
            .run();
        },
    };
  },
  addKeyboardShortcuts() {
    return { 'Mod-Enter': () => this.editor.commands.setPageBreak() };
  },
});

/** How many levels below the page's own a document's heading is written: its title (level 1) is an h3 on the page. */
const HEADING_OFFSET = 2;

/**
 * A document's headings, levels 1–3 as data, written on the page two levels down (h3–h5): the editor sits under the
 * page's h1 and its section's h2, so the page keeps one h1 and an outline that makes sense. The level stays in
 * `data-level` (the styles size by it), and an h1–h3 pasted from elsewhere still reads as level 1–3.
 */
const DocHeading = Heading.extend({
  parseHTML() {
    return [
      ...[1, 2, 3].map((level) => ({
        tag: `h${level + HEADING_OFFSET}[data-level="${level}"]`,
        attrs: { level },
      })),
      ...[1, 2, 3].map((level) => ({ tag: `h${level}`, attrs: { level } })),
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const level = node.attrs.level as number;
    return [
      `h${level + HEADING_OFFSET}`,
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, { 'data-level': String(level) }),
      0,
    ];
  },
}).configure({ levels: [1, 2, 3] });

/**
 * The editor's schema: exactly the nodes and marks of the contract's safe subset (`DocContent`, decision 0042) and
 * nothing more, so what one types, pastes or drops can only become those. StarterKit without code, code blocks,
 * quotes, strike-through, links and rules; headings 1–3; alignment on paragraphs and headings; tables that cannot be
 * resized (no widths are kept). Shared by the editor and its tests.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: false,
      strike: false,
      heading: false,
    }),
    DocHeading,
    TextAlign.configure({
      types: ['heading', 'paragraph'],
      alignments: ['left', 'center', 'right', 'justify'],
    }),
    // In a wrapper that scrolls sideways on a narrow screen.
    TableKit.configure({ table: { resizable: false, renderWrapper: true, allowTableNodeSelection: false } }),
    PageBreak,
  ];
}
