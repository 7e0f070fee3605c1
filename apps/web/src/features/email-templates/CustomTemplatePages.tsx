import type { CustomTemplate, Language } from '@parkade/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { firstLanguage, languageName, LanguageTabs, useTabIds } from '../../ui/LanguageTabs';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { MailTextView } from '../../ui/mail/MailTextView';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { RecordGate } from '../../ui/RecordGate';
import { toast } from '../../ui/toast';
import { useContentLanguages } from '../users/scope';
import { CustomTemplateForm } from './CustomTemplateForm';
import {
  customTemplateQuery,
  deleteCustomTemplate,
  templateKeys,
  TEMPLATES,
  useMailPreview,
} from './queries';

/*
 * The pages of a property's own templates (decision 0040, "The property's own templates"): new, show and edit.
 * `/email-templates/create` needs no permission to open (SPEC §2.4); it says so when the user may not create.
 */

const crumb = (t: (k: string) => string) => ({ label: t('shell.nav.emailTemplates'), href: TEMPLATES });

/** One template from the API, or its loading, not-found and error states. */
function CustomGate({ id, children }: { id: number; children: (template: CustomTemplate) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <RecordGate
      query={useQuery(customTemplateQuery(id))}
      missing={t('emailTemplates.notFound')}
      listHref={TEMPLATES}
      listName={t('shell.nav.emailTemplates')}
    >
      {children}
    </RecordGate>
  );
}

/** The template's name once it is loaded (the page's title), else the list's. */
function useName(id: number): string {
  const { t } = useTranslation();
  return useQuery(customTemplateQuery(id)).data?.name ?? t('shell.nav.emailTemplates');
}

/** /email-templates/create. */
export function CustomTemplateCreatePage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <>
      <PageHeader
        title={t('emailTemplates.own.createTitle')}
        subtitle={t('emailTemplates.own.hint')}
        crumbs={[crumb(t)]}
      />
      {can('email-templates.create') ? (
        <PropertyScoped>
          <CustomTemplateForm template={null} />
        </PropertyScoped>
      ) : (
        <Alert severity="info">{t('resource.noPermission')}</Alert>
      )}
    </>
  );
}

/** /email-templates/{id}/edit. */
export function CustomTemplateEditPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const name = useName(id);
  return (
    <>
      <PageHeader
        title={t('emailTemplates.editTitle', { name })}
        crumbs={[crumb(t), { label: name, href: `${TEMPLATES}/${id}/show` }]}
      />
      {can('email-templates.edit') ? (
        <PropertyScoped>
          <CustomGate id={id}>{(template) => <CustomTemplateForm template={template} />}</CustomGate>
        </PropertyScoped>
      ) : (
        <Alert severity="info">{t('resource.noPermission')}</Alert>
      )}
    </>
  );
}

/** /email-templates/{id}/show: its words per language, the mail as a resident gets it; Edit, Delete, Write a mail. */
export function CustomTemplateShowPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(customTemplateQuery(id));
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation<{ message: string }, RequestError>({
    mutationFn: () => deleteCustomTemplate(id),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void client.invalidateQueries({ queryKey: templateKeys.list });
      // The record's cache goes once its page has: removed while the page is still shown (the layout's guard reads
      // its route tables before a navigation ends), it was read again, and answered 404.
      void navigate({ to: TEMPLATES, replace: true }).then(() =>
        client.removeQueries({ queryKey: templateKeys.custom(id) }),
      );
    },
    onError: (err) => {
      setDeleting(false);
      toast.error(err.message);
    },
  });
  const name = query.data?.name ?? t('shell.nav.emailTemplates');
  return (
    <>
      <PageHeader
        title={name}
        subtitle={query.data?.description ?? undefined}
        crumbs={[crumb(t)]}
        actions={
          query.data && (
            <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
              {can('emails-sender.send') && (
                <LinkButton href={`/emails-sender/create?template=${id}`} variant="outlined">
                  {t('emailTemplates.own.writeMail')}
                </LinkButton>
              )}
              {can('email-templates.delete') && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={() => setDeleting(true)}
                >
                  {t('resource.delete')}
                </Button>
              )}
              {can('email-templates.edit') && (
                <LinkButton href={`${TEMPLATES}/${id}/edit`} variant="contained" startIcon={<EditIcon />}>
                  {t('resource.edit')}
                </LinkButton>
              )}
            </Stack>
          )
        }
      />
      <PropertyScoped>
        <CustomGate id={id}>{(template) => <CustomView template={template} />}</CustomGate>
      </PropertyScoped>
      <ConfirmDialog
        open={deleting}
        title={t('emailTemplates.own.deleteTitle', { name })}
        confirmLabel={t('resource.delete')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      >
        {t('emailTemplates.own.deleteText')}
      </ConfirmDialog>
    </>
  );
}

function CustomView({ template }: { template: CustomTemplate }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const ids = useTabIds();
  const written = template.languages;
  const [language, setLanguage] = useState<Language>(() => firstLanguage(written, locale.language));
  const text = template.texts[language];
  const preview = useMailPreview('custom', text ? { language, ...text } : null);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {template.updatedBy
          ? t('emailTemplates.changedBy', {
              when: formatDateTime(template.updatedAt, locale),
              who: template.updatedBy,
            })
          : t('emailTemplates.changedAt', { when: formatDateTime(template.updatedAt, locale) })}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <LanguageTabs
          languages={written}
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
          {text && <MailTextView text={text} preview={preview} hint={t('emailTemplates.own.previewHint')} />}
        </Box>
      </Paper>
      <NotWritten written={written} />
    </Stack>
  );
}

/** The property's languages the template is not written in: their readers get the first one written. */
function NotWritten({ written }: { written: readonly Language[] }) {
  const { t } = useTranslation();
  const languages = useContentLanguages();
  const missing = languages.filter((l) => !written.includes(l));
  if (!missing.length || !written[0]) return null;
  return (
    <Alert severity="info">
      {t('emailTemplates.own.notWritten', {
        languages: missing.map(languageName).join(', '),
        other: languageName(written[0]),
      })}
    </Alert>
  );
}
