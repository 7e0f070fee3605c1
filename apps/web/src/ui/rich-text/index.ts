/**
 * The documents' rich text (issue 37 §1): the editor, its conversion to the contract's subset and the read-only view.
 * Import it only from lazily loaded screens: the editor brings TipTap and ProseMirror (~460 KB, ~146 KB gzipped).
 * A screen that only shows a text imports `rich-text/DocView` itself (~3 KB): through this index, the bundler keeps
 * TipTap's modules (they are not free of side effects) even when only DocView is used.
 */
export { toDocContent } from './doc-normalize';
export { DocView, type DocViewProps } from './DocView';
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
