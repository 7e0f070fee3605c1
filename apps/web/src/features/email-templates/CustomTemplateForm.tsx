import {
  CUSTOM_TEMPLATE_DESCRIPTION_MAX,
  CUSTOM_TEMPLATE_NAME_MAX,
  type CustomTemplate,
  type CustomTemplateBody,
  type Language,
} from '@parkade/contract';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Alert, Button, Paper, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { LinkButton } from '../../ui/AppLink';
import { firstLanguage, languageName } from '../../ui/LanguageTabs';
import { useUiLocale } from '../../ui/locale';
import { BulkMessageSection } from '../../ui/mail/BulkMessageSection';
import { draftProblems, fallbackLanguage, isBlank, textsOf } from '../../ui/mail/bulk-text';
import { MailPreview } from '../../ui/mail/MailPreview';
import {
  fieldErrorReader,
  placeTemplateErrors,
  type FieldMessages,
  type TextDraft,
  type TextField as MailField,
} from '../../ui/mail/mail-text';
import { toast } from '../../ui/toast';
import { useContentLanguages } from '../users/scope';
import {
  PREVIEW_DELAY_MS,
  saveCustomTemplate,
  sendTestMail,
  templateKeys,
  TEMPLATES,
  useMailPreview,
} from './queries';

/** What the form holds that is not a language's text. */
interface Details {
  name: string;
  description: string;
}

/**
 * A property's own template, new (`template` null) or edited: its name and what it is for, its words in each of the
 * property's languages (a language may be left empty: its readers get the first one written), the mail as a
 * resident gets it, refreshed as one types, and "Send me a test". Save writes the whole template and opens it;
 * leaving with changes asks first.
 */
export function CustomTemplateForm({ template }: { template: CustomTemplate | null }) {
  const { t } = useTranslation();
  const { language: reader } = useUiLocale();
  const client = useQueryClient();
  const navigate = useNavigate();
  const languages = useContentLanguages();
  const initialDetails: Details = {
    name: template?.name ?? '',
    description: template?.description ?? '',
  };
  const initialDrafts: Record<string, TextDraft> = Object.fromEntries(
    languages.map((l) => [l, template?.texts[l] ?? { subject: '', body: '' }]),
  );
  const [details, setDetails] = useState<Details>(initialDetails);
  const [drafts, setDrafts] = useState<Record<string, TextDraft>>(initialDrafts);
  const [chosen, setChosen] = useState<Language | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [detailErrors, setDetailErrors] = useState<Partial<Record<keyof Details, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const leaving = useRef(false);
  const language = chosen && languages.includes(chosen) ? chosen : firstLanguage(languages, reader);

  const problems = draftProblems(drafts);
  const hasProblems = (l: string) => Object.keys(problems[l] ?? {}).length > 0;
  const texts = textsOf(drafts, languages);
  const written = Object.keys(texts);
  const wrong = written.filter(hasProblems);

  // The tab's language as its readers get it: its own text, else the first language written.
  const shown = fallbackLanguage(language, written, languages) as Language | null;
  const shownText = shown && !hasProblems(shown) ? drafts[shown] : undefined;
  const preview = useMailPreview(
    'custom',
    shown && shownText ? { language: shown, subject: shownText.subject, body: shownText.body } : null,
    PREVIEW_DELAY_MS,
  );

  const { errorsOf, hasErrors } = fieldErrorReader(problems, [serverErrors], t);

  const dirty =
    details.name !== initialDetails.name ||
    details.description !== initialDetails.description ||
    languages.some(
      (l) => drafts[l]!.subject !== initialDrafts[l]!.subject || drafts[l]!.body !== initialDrafts[l]!.body,
    );
  useBlocker({
    shouldBlockFn: () => dirty && !leaving.current && !window.confirm(t('emailTemplates.leaveUnsaved')),
    enableBeforeUnload: () => dirty && !leaving.current,
  });

  const edit = (value: TextDraft, field: MailField) => {
    setDrafts((d) => ({ ...d, [language]: value }));
    if (serverErrors[language]?.[field])
      setServerErrors((e) => ({ ...e, [language]: { ...e[language], [field]: undefined } }));
  };
  const editDetail = (field: keyof Details, value: string) => {
    setDetails((d) => ({ ...d, [field]: value }));
    setDetailErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The server's refusal: texts' errors on their fields, the name's on the name, the rest above. */
  const refused = (err: RequestError) => {
    const { name, description, ...rest } = err.errors;
    setDetailErrors({ name: name?.[0], description: description?.[0] });
    const placed = placeTemplateErrors(rest, language);
    setServerErrors(placed.fields);
    const first = languages.find((l) => placed.fields[l]);
    if (first) setChosen(first);
    const messages = [err.message, ...placed.other];
    setGeneral(messages.filter((m, i) => m && messages.indexOf(m) === i).join(' — '));
  };

  const save = useMutation<CustomTemplate, RequestError, CustomTemplateBody>({
    mutationFn: (body) => saveCustomTemplate(template?.id ?? null, body),
    onSuccess: (answer) => {
      client.setQueryData(templateKeys.custom(answer.id), answer);
      void client.invalidateQueries({ queryKey: templateKeys.list });
      toast.success(t('emailTemplates.saved'));
      leaving.current = true;
      void navigate({ to: `${TEMPLATES}/${answer.id}/show` as never, replace: true });
    },
    onError: refused,
  });

  const test = useMutation<{ message: string }, RequestError, Language>({
    mutationFn: (l) => sendTestMail('custom', { language: l, ...drafts[l]! }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (err) => (err.statusCode === 422 ? refused(err) : toast.error(err.message)),
  });

  const onSave = () => {
    setGeneral(null);
    const name = details.name.trim();
    const nameError = !name
      ? t('validation.required')
      : name.length > CUSTOM_TEMPLATE_NAME_MAX
        ? t('validation.max', { max: CUSTOM_TEMPLATE_NAME_MAX })
        : undefined;
    const descriptionError =
      details.description.trim().length > CUSTOM_TEMPLATE_DESCRIPTION_MAX
        ? t('validation.max', { max: CUSTOM_TEMPLATE_DESCRIPTION_MAX })
        : undefined;
    setDetailErrors({ name: nameError, description: descriptionError });
    setBlocked(wrong.length > 0);
    if (wrong.length) return setChosen(wrong[0] as Language);
    if (nameError || descriptionError) return;
    if (!written.length) return setGeneral(t('emailsSender.writeText'));
    save.mutate({ name, description: details.description.trim() || null, texts });
  };

  const alert =
    blocked && wrong.length
      ? t('emailTemplates.fixErrors', { languages: wrong.map(languageName).join(', ') })
      : general;
  const cancelTo = template ? `${TEMPLATES}/${template.id}/show` : TEMPLATES;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <TextField
            label={t('emailTemplates.own.name')}
            value={details.name}
            onChange={(e) => editDetail('name', e.target.value)}
            required
            error={!!detailErrors.name}
            helperText={detailErrors.name ?? t('emailTemplates.own.nameHint')}
            slotProps={{ htmlInput: { maxLength: CUSTOM_TEMPLATE_NAME_MAX } }}
            fullWidth
          />
          <TextField
            label={t('emailTemplates.own.description')}
            value={details.description}
            onChange={(e) => editDetail('description', e.target.value)}
            error={!!detailErrors.description}
            helperText={detailErrors.description ?? t('emailTemplates.own.descriptionHint')}
            slotProps={{ htmlInput: { maxLength: CUSTOM_TEMPLATE_DESCRIPTION_MAX } }}
            multiline
            minRows={2}
            fullWidth
          />
        </Stack>
      </Paper>
      <BulkMessageSection
        languages={languages}
        language={language}
        onLanguage={setChosen}
        drafts={drafts}
        onEdit={edit}
        errorsOf={errorsOf}
        hasErrors={hasErrors}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <MailPreview
          mail={shown ? preview.data : undefined}
          loading={preview.isFetching}
          error={preview.error}
          paused={!!shown && hasProblems(shown)}
          hint={t(shown ? 'emailTemplates.own.previewHint' : 'emailTemplates.own.previewEmpty')}
          controls={
            <Button
              variant="outlined"
              startIcon={<SendIcon />}
              disabled={!shown || hasProblems(shown) || isBlank(drafts[shown])}
              loading={test.isPending}
              onClick={() => shown && test.mutate(shown)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('emailTemplates.sendTest')}
            </Button>
          }
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {alert && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {alert}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <LinkButton href={cancelTo} disabled={save.isPending}>
            {t('form.cancel')}
          </LinkButton>
          <Button variant="contained" disabled={!dirty} loading={save.isPending} onClick={onSave}>
            {t('form.save')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
