import { mailTemplateLabel, type EmailTemplate, type MailTemplateKey } from '@parkade/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../ui/LanguageTabs';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { RecordGate } from '../../ui/RecordGate';
import { templateQuery, TEMPLATES } from './queries';

/**
 * One template from the API, or its loading, not-found and error states: the show and edit pages render their
 * content only once it is there.
 */
export function TemplateGate({
  templateKey,
  children,
}: {
  templateKey: MailTemplateKey;
  children: (template: EmailTemplate) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RecordGate
      query={useQuery(templateQuery(templateKey))}
      missing={t('emailTemplates.notFound')}
      listHref={TEMPLATES}
      listName={t('shell.nav.emailTemplates')}
    >
      {children}
    </RecordGate>
  );
}

/** Whether a language's text is the property's own or the product's default, as a chip. */
export function CustomChip({ custom, language }: { custom: boolean; language?: string }) {
  const { t } = useTranslation();
  const state = t(custom ? 'emailTemplates.custom' : 'emailTemplates.default');
  return (
    <Chip
      size="small"
      color={custom ? 'primary' : 'default'}
      variant={custom ? 'filled' : 'outlined'}
      label={
        language ? t('emailTemplates.languageState', { language: languageName(language), state }) : state
      }
    />
  );
}

/** "Essential — cannot be unsubscribed": the mails a person cannot do without. */
export function EssentialNote() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <LockOutlined aria-hidden sx={{ fontSize: 16 }} />
      <Typography variant="body2" component="span">
        {t('emailTemplates.essential')}
      </Typography>
    </Stack>
  );
}

/** When a language's text was last changed and by whom, or that it is the default. */
export function ChangedLine({
  custom,
  updatedAt,
  updatedBy,
}: {
  custom: boolean;
  updatedAt: string | null;
  updatedBy?: string | null;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const text = !custom
    ? t('emailTemplates.defaultText')
    : updatedAt && updatedBy
      ? t('emailTemplates.changedBy', { when: formatDateTime(updatedAt, locale), who: updatedBy })
      : updatedAt
        ? t('emailTemplates.changedAt', { when: formatDateTime(updatedAt, locale) })
        : t('emailTemplates.customText');
  return (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}

/** The template's name, as its pages title it. */
export function useTemplateName(key: MailTemplateKey): string {
  const { t } = useTranslation();
  return t(mailTemplateLabel(key));
}

export { firstLanguage, languageName, LanguageTabs, useTabIds } from '../../ui/LanguageTabs';
