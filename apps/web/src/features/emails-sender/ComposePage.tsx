import {
  documentKindLabel,
  type CustomTemplate,
  type DocumentKind,
  type EmailSend,
  type EmailSendBody,
  type Language,
  type RecipientFilters,
} from '@parkade/contract';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { LinkButton } from '../../ui/AppLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { RecordOption } from '../../ui/fields';
import { firstLanguage, languageName } from '../../ui/LanguageTabs';
import { useUiLocale } from '../../ui/locale';
import {
  fieldErrorReader,
  placeTemplateErrors,
  type FieldMessages,
  type TextDraft,
  type TextField,
} from '../../ui/mail/mail-text';
import { BulkMessageSection } from '../../ui/mail/BulkMessageSection';
import { draftProblems, textsOf } from '../../ui/mail/bulk-text';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { toast } from '../../ui/toast';
import { useContentLanguages } from '../users/scope';
import { AttachmentsSection } from './AttachmentsSection';
import { PreviewSection } from './PreviewSection';
import {
  SENDER,
  sendMail,
  senderKeys,
  senderTemplatesQuery,
  useRecipientCount,
  useSendPreview,
} from './queries';
import { RecipientsSection } from './RecipientsSection';
import { TemplatePicker } from './TemplatePicker';
import { EMPTY_FILTERS, expiringInvalid, filtersBody, type FilterDraft } from './sending';

/**
 * /emails-sender/create (issue 37 §3): who the mail goes to (filters, and how many it reaches, counted as they
 * change), its words in each of the property's languages, the documents it carries, and the mail as a resident
 * gets it; Send asks "Send to N residents?" and then opens the send's page, where it can be followed. Leaving with
 * words written asks first.
 */
export function ComposePage({ template }: { template?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('emailsSender.composeTitle')}
        subtitle={t('emailsSender.composeSubtitle')}
        crumbs={[{ label: t('shell.nav.emailsSender'), href: SENDER }]}
      />
      <PropertyScoped>
        <Composer initialTemplate={template} />
      </PropertyScoped>
    </>
  );
}

function Composer({ initialTemplate }: { initialTemplate?: number }) {
  const { t } = useTranslation();
  const { language: reader, intlLocale } = useUiLocale();
  const client = useQueryClient();
  const navigate = useNavigate();
  const languages = useContentLanguages();
  const [filters, setFilters] = useState<FilterDraft>(EMPTY_FILTERS);
  const [drafts, setDrafts] = useState<Record<string, TextDraft>>({});
  const [attachments, setAttachments] = useState<DocumentKind[]>([]);
  const [resident, setResident] = useState<RecordOption | null>(null);
  const [chosen, setChosen] = useState<Language | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [general, setGeneral] = useState<string | null>(null);
  /** Send was pressed while a language had errors: said above the editor until they are corrected. */
  const [blocked, setBlocked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const leaving = useRef(false);
  /** The template the words came from (the picker shows it), and one picked while words were written. */
  const [startedFrom, setStartedFrom] = useState<number | null>(null);
  const [replacing, setReplacing] = useState<CustomTemplate | null>(null);
  const language = chosen && languages.includes(chosen) ? chosen : firstLanguage(languages, reader);

  // The count follows the filters; while the days typed are wrong, it stays the last one that could be made.
  const [counted, setCounted] = useState<RecipientFilters>({});
  const badDays = expiringInvalid(filters.expiringWithin);
  const count = useRecipientCount(counted);
  const onFilters = (next: FilterDraft) => {
    setFilters(next);
    if (!expiringInvalid(next.expiringWithin)) setCounted(filtersBody(next));
  };

  const own = Object.fromEntries(languages.map((l) => [l, drafts[l] ?? { subject: '', body: '' }]));
  const problems = draftProblems(own);
  const hasProblems = (l: string) => Object.keys(problems[l] ?? {}).length > 0;
  const texts = textsOf(own, languages);
  const written = Object.keys(texts);
  const wrong = written.filter(hasProblems);
  const sound = Object.fromEntries(Object.entries(texts).filter(([l]) => !hasProblems(l)));

  // The tab's language as its readers get it (the first language written when it has none), from the sound texts.
  const preview = useSendPreview(
    Object.keys(sound).length
      ? { texts: sound, language, attachments, ...(resident ? { residentId: resident.id } : {}) }
      : null,
  );
  const previewErrors =
    preview.error?.statusCode === 422 ? placeTemplateErrors(preview.error.errors).fields : {};

  const { errorsOf, hasErrors } = fieldErrorReader(problems, [serverErrors, previewErrors], t);

  const dirty = written.length > 0;
  useBlocker({
    shouldBlockFn: () => dirty && !leaving.current && !window.confirm(t('emailsSender.leaveUnsent')),
    enableBeforeUnload: () => dirty && !leaving.current,
  });

  const edit = (value: TextDraft, field: TextField) => {
    setDrafts((d) => ({ ...d, [language]: value }));
    // What the server said of this field was said of the text before this change.
    if (serverErrors[language]?.[field])
      setServerErrors((e) => ({ ...e, [language]: { ...e[language], [field]: undefined } }));
  };

  /** A template's words in the compose page: each language it is written in, the others left empty. */
  const apply = (template: CustomTemplate) => {
    setDrafts(Object.fromEntries(languages.map((l) => [l, template.texts[l] ?? { subject: '', body: '' }])));
    setStartedFrom(template.id);
    setServerErrors({});
    setReplacing(null);
  };
  const onPick = (template: CustomTemplate) => (written.length ? setReplacing(template) : apply(template));
  // Opened from a template's page ("Write a mail"): its words, once, when the templates arrive.
  const templates = useQuery({ ...senderTemplatesQuery, enabled: initialTemplate !== undefined });
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || initialTemplate === undefined || !templates.data) return;
    opened.current = true;
    const found = templates.data.data.find((x) => x.id === initialTemplate);
    if (found) apply(found);
    // The templates arriving is what this waits for (apply is made anew each render).
  }, [templates.data, initialTemplate]);

  const post = useMutation<EmailSend, RequestError, EmailSendBody>({
    mutationFn: sendMail,
    onSuccess: (answer) => {
      client.setQueryData(senderKeys.send(answer.id), answer);
      void client.invalidateQueries({ queryKey: [SENDER, 'list'] });
      toast.success(t('emailsSender.sendStarted', { count: answer.counts.total }));
      leaving.current = true;
      void navigate({ to: `${SENDER}/${answer.id}/show` as never, replace: true });
    },
    onError: (err) => {
      setConfirming(false);
      const placed = placeTemplateErrors(err.errors);
      setServerErrors(placed.fields);
      const first = languages.find((l) => placed.fields[l]);
      if (first) setChosen(first);
      const messages = [err.message, ...placed.other];
      setGeneral(messages.filter((m, i) => m && messages.indexOf(m) === i).join(' — '));
    },
  });

  const reachable = count.data?.reachable ?? 0;
  const onSend = () => {
    setGeneral(null);
    setBlocked(wrong.length > 0);
    if (wrong.length) return setChosen(wrong[0] as Language);
    if (!written.length) return setGeneral(t('emailsSender.writeText'));
    if (badDays) return setGeneral(t('emailsSender.fixFilters'));
    if (!count.data) return setGeneral(t('emailsSender.count.counting'));
    if (!reachable) return setGeneral(t('emailsSender.nobodyReached'));
    setConfirming(true);
  };

  const n = new Intl.NumberFormat(intlLocale);
  const alert =
    blocked && wrong.length
      ? t('emailsSender.fixErrors', { languages: wrong.map(languageName).join(', ') })
      : general;
  return (
    <Stack spacing={3}>
      <RecipientsSection value={filters} onChange={onFilters} count={count} />
      <BulkMessageSection
        languages={languages}
        language={language}
        onLanguage={setChosen}
        drafts={own}
        onEdit={edit}
        errorsOf={errorsOf}
        hasErrors={hasErrors}
        actions={<TemplatePicker value={startedFrom} onPick={onPick} />}
      />
      <AttachmentsSection value={attachments} onChange={setAttachments} />
      <PreviewSection
        language={language}
        resident={resident}
        onResident={setResident}
        preview={preview}
        paused={hasProblems(language)}
        empty={!written.length}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {alert && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {alert}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography color="text.secondary">
            {count.data
              ? t('emailsSender.goesTo', { count: reachable, n: n.format(reachable) })
              : t('emailsSender.count.counting')}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <LinkButton href={SENDER} disabled={post.isPending}>
              {t('form.cancel')}
            </LinkButton>
            <Button variant="contained" startIcon={<SendIcon />} onClick={onSend} loading={post.isPending}>
              {t('emailsSender.send')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <ConfirmDialog
        open={replacing !== null}
        title={t('emailsSender.replaceTitle', { name: replacing?.name ?? '' })}
        confirmLabel={t('emailsSender.replace')}
        onConfirm={() => replacing && apply(replacing)}
        onClose={() => setReplacing(null)}
      >
        {t('emailsSender.replaceText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming}
        title={t('emailsSender.confirmTitle', { count: reachable, n: n.format(reachable) })}
        confirmLabel={t('emailsSender.send')}
        destructive={false}
        busy={post.isPending}
        onConfirm={() => post.mutate({ filters: counted, texts, attachments })}
        onClose={() => setConfirming(false)}
      >
        {t('emailsSender.confirmText', { languages: written.map(languageName).join(', ') })}
        {attachments.length > 0 &&
          ` ${t('emailsSender.confirmFiles', { files: attachments.map((k) => t(documentKindLabel(k))).join(', ') })}`}
      </ConfirmDialog>
    </Stack>
  );
}
