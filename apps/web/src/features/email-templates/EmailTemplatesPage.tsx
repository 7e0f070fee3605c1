import { mailTemplateDescription, mailTemplateLabel, type EmailTemplateSummary } from '@parkade/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../ui/AppLink';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { QueryError } from '../../ui/QueryError';
import { CustomChip, EssentialNote } from './parts';
import { templatesQuery, TEMPLATES } from './queries';

/**
 * /email-templates (issue 37 §2): every mail the product sends, with what it is for, each of the property's
 * languages as its own text or the default, whether a person can unsubscribe from it, and its last change. A
 * card opens the template. A short, fixed list (one per kind of mail): cards, which read as well at 360 px.
 */
export function EmailTemplatesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('shell.nav.emailTemplates')} subtitle={t('emailTemplates.subtitle')} />
      <PropertyScoped>
        <TemplateList />
      </PropertyScoped>
    </>
  );
}

function TemplateList() {
  const { t } = useTranslation();
  const query = useQuery(templatesQuery);
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  if (query.isError) return <QueryError error={query.error} retry={query.refetch} />;
  return (
    <Stack
      component="ul"
      aria-label={t('shell.nav.emailTemplates')}
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {query.data.data.map((template) => (
        <TemplateCard key={template.key} template={template} />
      ))}
    </Stack>
  );
}

function TemplateCard({ template }: { template: EmailTemplateSummary }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <Paper component="li" variant="outlined">
      <AppLink
        href={`${TEMPLATES}/${template.key}/show`}
        underline="none"
        color="inherit"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, minHeight: 48 }}
      >
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 600 }}>
              {t(mailTemplateLabel(template.key))}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t(mailTemplateDescription(template.key))}
            </Typography>
          </Box>
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
        <ChevronRightIcon aria-hidden color="action" />
      </AppLink>
    </Paper>
  );
}
