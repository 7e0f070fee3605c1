import { BULK_MAIL_VARIABLES, type Language } from '@parkade/contract';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName, LanguageTabs, useTabIds } from '../../ui/LanguageTabs';
import type { TextDraft, TextField } from '../../ui/mail/mail-text';
import { MailTextEditor } from '../../ui/mail/MailTextEditor';
import { fallbackLanguage, isBlank } from './sending';

/**
 * The mail's words: a tab per language of the property, each with its subject and message and the variables that
 * put each resident's own values in. A language may be left empty: its readers get the first language written,
 * which the tab says.
 */
export function MessageSection({
  languages,
  language,
  onLanguage,
  drafts,
  onEdit,
  errorsOf,
  hasErrors,
}: {
  languages: readonly Language[];
  language: Language;
  onLanguage: (language: Language) => void;
  drafts: Record<string, TextDraft>;
  onEdit: (value: TextDraft, field: TextField) => void;
  errorsOf: (language: string) => Partial<Record<TextField, string>>;
  hasErrors: (language: string) => boolean;
}) {
  const { t } = useTranslation();
  const ids = useTabIds();
  const headingId = useId();
  const written = languages.filter((l) => !isBlank(drafts[l]));
  const fallback = fallbackLanguage(language, written, languages);
  const several = languages.length > 1;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('emailsSender.message')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(several ? 'emailsSender.messageHintLanguages' : 'emailsSender.messageHint')}
        </Typography>
      </Box>
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
