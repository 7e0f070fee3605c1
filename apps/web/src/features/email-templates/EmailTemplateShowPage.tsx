import { mailTemplateDescription, type EmailTemplate, type MailTemplateKey } from '@parkade/contract';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { MailTextView } from '../../ui/mail/MailTextView';
import {
  ChangedLine,
  CustomChip,
  EssentialNote,
  firstLanguage,
  LanguageTabs,
  TemplateGate,
  useTabIds,
  useTemplateName,
} from './parts';
import { TEMPLATES, useMailPreview } from './queries';
import { variableTag } from '../../ui/mail/mail-text';

/**
 * /email-templates/{key}/show: per language of the property, the subject and body the mail is sent with, whether
 * that is the property's own text or the default, the variables it may use, and the mail as it is sent (with
 * sample values); Edit for those who may.
 */
export function EmailTemplateShowPage({ templateKey }: { templateKey: MailTemplateKey }) {
  const { t } = useTranslation();
  const can = useCan();
  const name = useTemplateName(templateKey);
  return (
    <>
      <PageHeader
        title={name}
        subtitle={t(mailTemplateDescription(templateKey))}
        crumbs={[{ label: t('shell.nav.emailTemplates'), href: TEMPLATES }]}
        actions={
          can('email-templates.edit') && (
            <LinkButton
              href={`${TEMPLATES}/${templateKey}/edit`}
              variant="contained"
              startIcon={<EditIcon />}
            >
              {t('resource.edit')}
            </LinkButton>
          )
        }
      />
      <PropertyScoped>
        <TemplateGate templateKey={templateKey}>
          {(template) => <TemplateView template={template} />}
        </TemplateGate>
      </PropertyScoped>
    </>
  );
}

function TemplateView({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const { language: reader } = useUiLocale();
  const [language, setLanguage] = useState(() => firstLanguage(template.languages, reader));
  const ids = useTabIds();
  const text = template.texts[language];
  const preview = useMailPreview(
    template.key,
    text ? { language, subject: text.subject, body: text.body } : null,
  );
  return (
    <Stack spacing={2}>
      {template.essential && <EssentialNote />}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <LanguageTabs
          languages={template.languages}
          value={language}
          onChange={setLanguage}
          ids={ids}
          label={t('emailTemplates.languages')}
        />
        <Box
          role="tabpanel"
          id={ids.panel(language)}
          aria-labelledby={ids.tab(language)}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {text && (
            <MailTextView
              text={text}
              preview={preview}
              header={
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                  <CustomChip custom={text.custom} />
                  <ChangedLine custom={text.custom} updatedAt={text.updatedAt} updatedBy={text.updatedBy} />
                </Stack>
              }
            >
              <Box>
                <Typography variant="subtitle2" component="h2">
                  {t('emailTemplates.variables')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('emailTemplates.variablesShowHint')}
                </Typography>
                <Stack
                  component="ul"
                  direction="row"
                  useFlexGap
                  sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
                >
                  {template.variables.map((v) => (
                    <li key={v}>
                      <Chip size="small" label={variableTag(v)} sx={{ fontFamily: 'monospace' }} />
                    </li>
                  ))}
                </Stack>
              </Box>
            </MailTextView>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
