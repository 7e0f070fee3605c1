import { BULK_MAIL_VARIABLES, type Language } from '@parkade/contract';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { languageName, LanguageTabs, useTabIds } from '../LanguageTabs';
import { fallbackLanguage, isBlank } from './bulk-text';
import type { TextDraft, TextField } from './mail-text';
import { MailTextEditor } from './MailTextEditor';

/**
 * A bulk mail's words (the email sender's, a property's own template's): a tab per language of the property, each
 * with its subject and message and the variables that put each resident's own values in. A language may be left
 * empty: its readers get the first language written, which the tab says. `actions` go beside the heading (the
 * sender's "Start from a template").
 */
export function BulkMessageSection({
  languages,
  language,
  onLanguage,
  drafts,
  onEdit,
  errorsOf,
  hasErrors,
  actions,
}: {
  languages: readonly Language[];
  language: Language;
  onLanguage: (language: Language) => void;
  drafts: Record<string, TextDraft>;
  onEdit: (value: TextDraft, field: TextField) => void;
  errorsOf: (language: string) => Partial<Record<TextField, string>>;
  hasErrors: (language: string) => boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const ids = useTabIds();
  const headingId = useId();
  const written = languages.filter((l) => !isBlank(drafts[l]));
  const fallback = fallbackLanguage(language, written, languages);
  const several = languages.length > 1;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 }, mb: 1, alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('emailsSender.message')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(several ? 'emailsSender.messageHintLanguages' : 'emailsSender.messageHint')}
          </Typography>
        </Box>
        {actions}
      </Stack>
      <LanguageTabs
        languages={languages}
        value={language}
        onChange={onLanguage}
        ids={ids}
        mark={(l) => (hasErrors(l) ? 'error' : !isBlank(drafts[l]) ? 'changed' : null)}
        label={t('emailTemplates.languages')}
      />
      <Box
        role="tabpanel"
        id={ids.panel(language)}
        aria-labelledby={ids.tab(language)}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {several && fallback && fallback !== language && (
          <Alert severity="info" sx={{ mb: 2.5 }}>
            {t('emailsSender.fallback', { language: languageName(language), other: languageName(fallback) })}
          </Alert>
        )}
        <MailTextEditor
          key={language}
          language={language}
          value={drafts[language] ?? { subject: '', body: '' }}
          onChange={onEdit}
          variables={BULK_MAIL_VARIABLES}
          errors={errorsOf(language)}
          required={!several}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('emailsSender.unsubscribeNote')}
        </Typography>
      </Box>
    </Paper>
  );
}
