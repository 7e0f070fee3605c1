import {
  mailTemplateLabel,
  type EmailTemplate,
  type Language,
  type MailTemplateKey,
} from '@parkade/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Badge, Box, Chip, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../platform/errors';
import { isLanguage, LOCALE_TAG, NATIVE_NAMES } from '../../platform/language';
import { LinkButton } from '../../ui/AppLink';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { QueryError } from '../../ui/QueryError';
import { templateQuery, TEMPLATES } from './queries';

/** A language named in itself ("Español"), whatever language the page is in. */
export const languageName = (language: string) => (isLanguage(language) ? NATIVE_NAMES[language] : language);

/** The tab to open first: the reader's own language when the property has it, else the property's first. */
export function firstLanguage(languages: readonly Language[], reader: Language): Language {
  return languages.includes(reader) ? reader : (languages[0] ?? reader);
}

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
  const query = useQuery(templateQuery(templateKey));
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  if (query.isError) {
    if (query.error instanceof RequestError && query.error.statusCode === 404)
      return (
        <Alert
          severity="warning"
          action={
            <LinkButton href={TEMPLATES} color="inherit" size="small">
              {t('resource.backToList', { list: t('shell.nav.emailTemplates') })}
            </LinkButton>
          }
        >
          {t('emailTemplates.notFound')}
        </Alert>
      );
    return <QueryError error={query.error} retry={query.refetch} />;
  }
  return <>{children(query.data)}</>;
}

/** The ids that tie each language's tab to its panel. */
export function useTabIds() {
  const base = useId();
  return {
    tab: (language: string) => `${base}-tab-${language}`,
    panel: (language: string) => `${base}-panel-${language}`,
  };
}

/**
 * A tab per language of the property, each named in itself; `mark` flags a tab (its text changed, or it has an
 * error) with a dot.
 */
export function LanguageTabs({
  languages,
  value,
  onChange,
  ids,
  mark,
}: {
  languages: readonly Language[];
  value: Language;
  onChange: (language: Language) => void;
  ids: ReturnType<typeof useTabIds>;
  mark?: (language: Language) => 'changed' | 'error' | null;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(_e, v: Language) => onChange(v)}
      aria-label={t('emailTemplates.languages')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {languages.map((l) => {
        const flag = mark?.(l) ?? null;
        const name = <span lang={LOCALE_TAG[l]}>{NATIVE_NAMES[l]}</span>;
        return (
          <Tab
            key={l}
            value={l}
            id={ids.tab(l)}
            aria-controls={ids.panel(l)}
            label={
              flag ? (
                <Badge variant="dot" color={flag === 'error' ? 'error' : 'primary'} sx={{ pr: 1 }}>
                  {name}
                </Badge>
              ) : (
                name
              )
            }
          />
        );
      })}
    </Tabs>
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
