import {
  mailTemplateDescription,
  mailTemplateLabel,
  type CustomTemplateSummary,
  type EmailTemplateSummary,
} from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { CardTitle, LinkCard, LinkCards, ListLoading } from '../../ui/CardList';
import { languageName } from '../../ui/LanguageTabs';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { QueryError } from '../../ui/QueryError';
import { CustomChip, EssentialNote } from './parts';
import { templatesQuery, TEMPLATES } from './queries';

/**
 * /email-templates (issue 37 §2): the property's own templates (mail it writes itself, to start a bulk mail from),
 * then every mail the product sends, with what it is for, each of the property's languages as its own text or the
 * default, whether a person can unsubscribe from it, and its last change. A card opens the template. Short lists:
 * cards, which read as well at 360 px.
 */
export function EmailTemplatesPage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <>
      <PageHeader
        title={t('shell.nav.emailTemplates')}
        subtitle={t('emailTemplates.subtitle')}
        actions={
          can('email-templates.create') && (
            <LinkButton href={`${TEMPLATES}/create`} variant="contained" startIcon={<AddIcon />}>
              {t('emailTemplates.own.new')}
            </LinkButton>
          )
        }
      />
      <PropertyScoped>
        <Templates />
      </PropertyScoped>
    </>
  );
}

function Templates() {
  const { t } = useTranslation();
  const query = useQuery(templatesQuery);
  if (query.isPending) return <ListLoading />;
  if (query.isError) return <QueryError error={query.error} retry={query.refetch} />;
  return (
    <Stack spacing={4}>
      <Section title={t('emailTemplates.own.title')} hint={t('emailTemplates.own.hint')}>
        {query.data.custom.length ? (
          <LinkCards label={t('emailTemplates.own.title')}>
            {query.data.custom.map((template) => (
              <OwnCard key={template.id} template={template} />
            ))}
          </LinkCards>
        ) : (
          <NoOwnTemplates />
        )}
      </Section>
      <Section title={t('emailTemplates.system.title')} hint={t('emailTemplates.system.hint')}>
        <LinkCards label={t('emailTemplates.system.title')}>
          {query.data.data.map((template) => (
            <SystemCard key={template.key} template={template} />
          ))}
        </LinkCards>
      </Section>
    </Stack>
  );
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {hint}
      </Typography>
      {children}
    </Box>
  );
}

/** No template of the property's own yet: what one is for, and where to write one (for those who may). */
function NoOwnTemplates() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography color="text.secondary" sx={{ mb: can('email-templates.create') ? 2 : 0 }}>
        {t('emailTemplates.own.empty')}
      </Typography>
      {can('email-templates.create') && (
        <LinkButton href={`${TEMPLATES}/create`} variant="outlined" startIcon={<AddIcon />}>
          {t('emailTemplates.own.new')}
        </LinkButton>
      )}
    </Paper>
  );
}

function OwnCard({ template }: { template: CustomTemplateSummary }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <LinkCard href={`${TEMPLATES}/${template.id}/show`}>
      <Stack spacing={1}>
        <CardTitle title={template.name} description={template.description} />
        <Typography variant="body2" color="text.secondary" component="span">
          {template.languages.map(languageName).join(' · ')}
          {' — '}
          {t('emailTemplates.changedAt', { when: formatDateTime(template.updatedAt, locale) })}
        </Typography>
      </Stack>
    </LinkCard>
  );
}

function SystemCard({ template }: { template: EmailTemplateSummary }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <LinkCard href={`${TEMPLATES}/${template.key}/show`}>
      <Stack spacing={1}>
        <CardTitle
          title={t(mailTemplateLabel(template.key))}
          description={t(mailTemplateDescription(template.key))}
        />
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
          {template.languages.map((l) => (
            <CustomChip key={l.language} custom={l.custom} language={l.language} />
          ))}
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          {template.essential && <EssentialNote />}
          <Typography variant="body2" color="text.secondary" component="span">
            {template.updatedAt
              ? t('emailTemplates.changedAt', { when: formatDateTime(template.updatedAt, locale) })
              : t('emailTemplates.neverChanged')}
          </Typography>
        </Stack>
      </Stack>
    </LinkCard>
  );
}
