import { Box, FormControl, FormHelperText, InputLabel } from '@mui/material';
import type { DocContent } from '@parkade/contract';
import type { JSONContent } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toDocContent } from './doc-normalize';
import { editorFrameSx } from './editor-styles';
import { richTextExtensions } from './extensions';
import { RichTextToolbar } from './RichTextToolbar';

export interface RichTextEditorProps {
  /** The text (controlled). */
  value: DocContent;
  /** Called with every change, already in the contract's subset (`docContentSchema` accepts it). */
  onChange: (value: DocContent) => void;
  /** The variables the "Insert variable" menu offers (written `{{name}}` at the cursor); none: no menu. */
  variables?: readonly string[];
  label: string;
  /** The text area's least height, in pixels (200). */
  minHeight?: number;
  disabled?: boolean;
  /** A message under the field, in the error color (the field is then marked invalid). */
  error?: string;
}

/** The canonical JSON of a text: two texts are the same when these are equal. */
const keyOf = (doc: JSONContent) => JSON.stringify(toDocContent(doc));

/**
 * A rich-text field for documents (issue 37 §1): a formatting toolbar over the text, in a frame that looks like the
 * app's outlined fields (label on the border, focus ring, error text below). It can only write the contract's safe
 * subset (`DocContent`): the editor's schema has nothing else (extensions.ts) and each change goes through
 * `toDocContent` before `onChange`.
 *
 * Controlled: a `value` that differs from what the editor holds (another language, the default restored) replaces the
 * text, without calling `onChange` and without an undo step; the value the editor just gave back changes nothing.
 * Give the field a `key` per language if each language should keep its own undo history.
 */
export function RichTextEditor({
  value,
  onChange,
  variables = [],
  label,
  minHeight = 200,
  disabled = false,
  error,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [focused, setFocused] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  /** The last text given to onChange or taken from `value`, and its canonical JSON. */
  const last = useRef<{ doc: DocContent; key: string } | null>(null);

  // Stable options: the editor is made once; only its attributes follow the props.
  const [initial] = useState(() => ({ content: value, extensions: richTextExtensions() }));
  const editorProps = useMemo(
    () => ({
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        ...(disabled ? { 'aria-readonly': 'true' } : {}),
      },
    }),
    [labelId, errorId, error, disabled],
  );
  const editor = useEditor({
    ...initial,
    editorProps,
    editable: !disabled,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => {
      const doc = toDocContent(e.getJSON());
      const key = JSON.stringify(doc);
      if (key === last.current?.key) return;
      last.current = { doc, key };
      onChangeRef.current(doc);
    },
  });

  useEffect(() => {
    if (editor.isEditable === !disabled) return;
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value from outside: replace the text when it differs (by content: a copy of the same text changes nothing).
  useEffect(() => {
    if (editor.isDestroyed || value === last.current?.doc) return;
    const key = keyOf(value);
    if (key === keyOf(editor.getJSON())) {
      last.current = { doc: value, key };
      return;
    }
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
    last.current = { doc: value, key: keyOf(editor.getJSON()) };
  }, [editor, value]);

  return (
    <FormControl fullWidth error={Boolean(error)} disabled={disabled} focused={focused}>
      <InputLabel
        id={labelId}
        shrink
        variant="outlined"
        component="div"
        onClick={() => editor.commands.focus()}
      >
        {label}
      </InputLabel>
      <Box
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        sx={editorFrameSx({ minHeight, pageBreak: t('richText.pageBreak') })}
        className={[focused && 'rte-focused', error && 'rte-error', disabled && 'rte-disabled']
          .filter(Boolean)
          .join(' ')}
      >
        <Box component="fieldset" aria-hidden className="rte-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </Box>
        <RichTextToolbar editor={editor} variables={variables} />
        <EditorContent editor={editor} className="rte-content" />
      </Box>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
