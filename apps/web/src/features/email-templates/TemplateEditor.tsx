import type { EmailTemplate, EmailTemplateBody, Language } from '@parkade/contract';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, Divider, Paper, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../platform/errors';
import { LinkButton } from '../../ui/AppLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useUiLocale } from '../../ui/locale';
import { toast } from '../../ui/toast';
import { MailPreview } from '../../ui/mail/MailPreview';
import { ChangedLine, CustomChip, firstLanguage, languageName, LanguageTabs, useTabIds } from './parts';
import {
  PREVIEW_DELAY_MS,
  saveTemplate,
  sendTestMail,
  templateKeys,
  TEMPLATES,
  useMailPreview,
} from './queries';
import {
  fieldErrorReader,
  checkDraft,
  placeTemplateErrors,
  type FieldMessages,
  type TextDraft,
  type TextField,
} from '../../ui/mail/mail-text';
import { MailTextEditor } from '../../ui/mail/MailTextEditor';
import { changedLanguages, draftsOf } from './template-text';

/**
 * The editor of one template: a tab per language of the property with its subject and body, the variables that
 * insert themselves where the cursor is, and beside it (below on phones) the mail as it would be sent, refreshed
 * as one types. A variable the mail does not offer is named under its field before anything is sent; the server's
 * own refusals land on the same fields. Save sends only the languages changed; "Restore default" gives one
 * language back to the product's text; "Send me a test" mails the text on screen to the signed-in user. Leaving
 * with unsaved changes asks first.
 */
export function TemplateEditor({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const { language: reader } = useUiLocale();
  const client = useQueryClient();
  const navigate = useNavigate();
  const ids = useTabIds();
  const key = template.key;
  const [language, setLanguage] = useState<Language>(() => firstLanguage(template.languages, reader));
  const [drafts, setDrafts] = useState<Record<string, TextDraft>>(() => draftsOf(template));
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [general, setGeneral] = useState<string | null>(null);
  /** Save was pressed while a changed language had errors: said above the editor until they are corrected. */
  const [blocked, setBlocked] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const leaving = useRef(false);

  const changed = changedLanguages(drafts, template);
  const dirty = changed.length > 0;
  const problems = Object.fromEntries(
    template.languages.map((l) => [l, checkDraft(drafts[l]!, template.variables)]),
  );
  const hasProblems = (l: string) => Object.keys(problems[l] ?? {}).length > 0;
  const draft = drafts[language]!;
  const saved = template.texts[language];

  const preview = useMailPreview(
    key,
    hasProblems(language) ? null : { language, subject: draft.subject, body: draft.body },
    PREVIEW_DELAY_MS,
  );
  const previewErrors =
    preview.error?.statusCode === 422 ? placeTemplateErrors(preview.error.errors, language).fields : {};

  const { errorsOf, hasErrors } = fieldErrorReader(problems, [serverErrors, previewErrors], t);

  useBlocker({
    shouldBlockFn: () => dirty && !leaving.current && !window.confirm(t('emailTemplates.leaveUnsaved')),
    enableBeforeUnload: () => dirty && !leaving.current,
  });

  /** A saved template: in the cache at once, the list refreshed. */
  const adopt = (answer: EmailTemplate) => {
    client.setQueryData(templateKeys.record(key), answer);
    void client.invalidateQueries({ queryKey: templateKeys.list });
  };

  /** The server's refusal: its field errors on their fields (the first language with one shown), the rest above. */
  const refused = (err: RequestError, only?: Language) => {
    const placed = placeTemplateErrors(err.errors, only);
    setServerErrors((e) => ({ ...e, ...placed.fields }));
    const first = template.languages.find((l) => placed.fields[l]);
    if (first) setLanguage(first);
    const messages = [err.message, ...placed.other];
    setGeneral(messages.filter((m, i) => m && messages.indexOf(m) === i).join(' — '));
  };

  const save = useMutation<EmailTemplate, RequestError, EmailTemplateBody>({
    mutationFn: (body) => saveTemplate(key, body),
    onSuccess: (answer) => {
      adopt(answer);
      toast.success(t('emailTemplates.saved'));
      // The form is done with: Back from the template goes where the user came from, not into the form again.
      leaving.current = true;
      void navigate({ to: `${TEMPLATES}/${key}/show` as never, replace: true });
    },
    onError: (err) => refused(err),
  });

  const restore = useMutation<EmailTemplate, RequestError, Language>({
    mutationFn: (l) => saveTemplate(key, { texts: { [l]: null } }),
    onSuccess: (answer, l) => {
      adopt(answer);
      const text = answer.texts[l];
      setDrafts((d) => ({ ...d, [l]: { subject: text?.subject ?? '', body: text?.body ?? '' } }));
      setServerErrors((e) => ({ ...e, [l]: {} }));
      setRestoring(false);
      toast.success(t('emailTemplates.restored', { language: languageName(l) }));
    },
    onError: (err) => {
      setRestoring(false);
      toast.error(err.message);
    },
  });

  const test = useMutation<{ message: string }, RequestError, Language>({
    mutationFn: (l) => sendTestMail(key, { language: l, subject: drafts[l]!.subject, body: drafts[l]!.body }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (err) => {
      if (err.statusCode === 422) refused(err, language);
      else toast.error(err.message);
    },
  });

  const edit = (value: TextDraft, field: TextField) => {
    setDrafts((d) => ({ ...d, [language]: value }));
    // What the server said of this field was said of the text before this change.
    if (serverErrors[language]?.[field])
      setServerErrors((e) => ({ ...e, [language]: { ...e[language], [field]: undefined } }));
  };

  const onSave = () => {
    setGeneral(null);
    const withErrors = changed.filter(hasProblems);
    setBlocked(withErrors.length > 0);
    if (withErrors.length) return setLanguage(withErrors[0] as Language);
    save.mutate({
      texts: Object.fromEntries(
        changed.map((l) => [l, { subject: drafts[l]!.subject, body: drafts[l]!.body }]),
      ),
    });
  };

  const onRestore = () => {
    if (saved?.custom) return restore.mutate(language);
    // Not saved as the property's own: only the editor's changes go.
    setDrafts((d) => ({ ...d, [language]: { subject: saved?.subject ?? '', body: saved?.body ?? '' } }));
    setServerErrors((e) => ({ ...e, [language]: {} }));
    setRestoring(false);
  };

  const busy = save.isPending || restore.isPending;
  const wrong = blocked ? changed.filter(hasProblems) : [];
  const alert = wrong.length
    ? t('emailTemplates.fixErrors', { languages: wrong.map(languageName).join(', ') })
    : general;
  const name = languageName(language);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <LanguageTabs
        languages={template.languages}
        value={language}
        onChange={setLanguage}
        ids={ids}
        mark={(l) => (hasErrors(l) ? 'error' : changed.includes(l) ? 'changed' : null)}
        label={t('emailTemplates.languages')}
      />
      <Box
        role="tabpanel"
        id={ids.panel(language)}
        aria-labelledby={ids.tab(language)}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {alert && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {alert}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0 }}>
            {saved && (
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <CustomChip custom={saved.custom} />
                <ChangedLine custom={saved.custom} updatedAt={saved.updatedAt} updatedBy={saved.updatedBy} />
              </Stack>
            )}
            <MailTextEditor
              key={language}
              language={language}
              value={draft}
              onChange={edit}
              variables={template.variables}
              errors={errorsOf(language)}
            />
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<RestoreIcon />}
                disabled={busy || (!saved?.custom && !changed.includes(language))}
                onClick={() => setRestoring(true)}
              >
                {t('emailTemplates.restoreDefault')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<SendIcon />}
                disabled={hasProblems(language)}
                loading={test.isPending}
                onClick={() => test.mutate(language)}
              >
                {t('emailTemplates.sendTest')}
              </Button>
            </Stack>
          </Stack>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MailPreview
              mail={preview.data}
              loading={preview.isFetching}
              error={preview.error}
              paused={hasProblems(language)}
            />
          </Box>
        </Stack>
      </Box>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ p: { xs: 2, sm: 3 }, justifyContent: 'flex-end' }}>
        <LinkButton href={`${TEMPLATES}/${key}/show`} disabled={busy}>
          {t('form.cancel')}
        </LinkButton>
        <Button
          variant="contained"
          disabled={!dirty || restore.isPending}
          loading={save.isPending}
          onClick={onSave}
        >
          {t('form.save')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={restoring}
        title={t('emailTemplates.restoreTitle', { language: name })}
        confirmLabel={t('emailTemplates.restoreDefault')}
        busy={restore.isPending}
        onConfirm={onRestore}
        onClose={() => setRestoring(false)}
      >
        {t(saved?.custom ? 'emailTemplates.restoreText' : 'emailTemplates.discardText', { language: name })}
      </ConfirmDialog>
    </Paper>
  );
}
