import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from '@parkade/contract';
import { Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, localeTag } from '../../platform/language';
import { insertVariable, variableTag, type TextDraft, type TextField as Field } from './mail-text';

/**
 * One language's subject and body, and the mail's variables as chips: a chip puts `{{name}}` where the cursor was
 * in the field last focused (the body until one is), replacing a selection, and leaves the cursor after it. A
 * chip takes no focus from a pointer, so the field keeps it; from the keyboard the field remembers its cursor.
 */
export function MailTextEditor({
  language,
  value,
  onChange,
  variables,
  errors,
  required = true,
}: {
  language: string;
  value: TextDraft;
  onChange: (value: TextDraft, field: Field) => void;
  variables: readonly string[];
  /** Translated messages under each field. */
  errors: Partial<Record<Field, string>>;
  /** Whether the fields must be filled (a bulk mail's language may be left empty: its readers get another's). */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const fields = useRef<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    body: null,
  });
  const last = useRef<Field>('body');
  const focused = useRef(false);
  const caret = useRef<{ field: Field; at: number } | null>(null);
  const variablesId = useId();
  const lang = isLanguage(language) ? localeTag(language) : undefined;

  // After an insertion has been drawn: the cursor back in its field, just after the variable.
  useLayoutEffect(() => {
    const pending = caret.current;
    if (!pending) return;
    caret.current = null;
    const el = fields.current[pending.field];
    el?.focus();
    el?.setSelectionRange(pending.at, pending.at);
  });

  const insert = (name: string) => {
    const field = last.current;
    const current = value[field];
    // A field never focused has no cursor of the user's: the variable goes at the end.
    const el = focused.current ? fields.current[field] : null;
    const start = el?.selectionStart ?? current.length;
    const { text, caret: at } = insertVariable(current, name, start, el?.selectionEnd ?? start);
    caret.current = { field, at };
    onChange({ ...value, [field]: text }, field);
  };

  const field = (name: Field) => ({
    value: value[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...value, [name]: e.target.value }, name),
    onFocus: () => {
      last.current = name;
      focused.current = true;
    },
    inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[name] = el;
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    required,
    fullWidth: true,
  });

  return (
    <Stack spacing={2.5}>
      <TextField
        {...field('subject')}
        label={t('emailTemplates.subject')}
        slotProps={{ htmlInput: { maxLength: MAIL_SUBJECT_MAX, lang, spellCheck: true } }}
      />
      <TextField
        {...field('body')}
        label={t('emailTemplates.body')}
        multiline
        minRows={8}
        maxRows={24}
        slotProps={{ htmlInput: { maxLength: MAIL_BODY_MAX, lang, spellCheck: true } }}
      />
      <Box role="group" aria-labelledby={variablesId}>
        <Typography id={variablesId} variant="subtitle2" component="h3">
          {t('emailTemplates.variables')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('emailTemplates.variablesHint')}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {variables.map((v) => (
            <Chip
              key={v}
              label={variableTag(v)}
              aria-label={t('emailTemplates.insertVariable', { variable: variableTag(v) })}
              variant="outlined"
              color="primary"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(v)}
              sx={{ fontFamily: 'monospace' }}
            />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
