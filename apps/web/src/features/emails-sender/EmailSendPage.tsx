import { documentKindLabel, isDocumentKind, isLanguage, type EmailSend, type Language } from '@parkade/contract';
import CancelIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';
import { usePropertyStore } from '../../platform/stores';
import { useArea, useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ReadOnlyField } from '../../ui/fields';
import { firstLanguage, LanguageTabs, useTabIds } from '../../ui/LanguageTabs';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { RecordGate } from '../../ui/RecordGate';
import { toast } from '../../ui/toast';
import { SendProgress, SendStateChip } from './parts';
import { cancelSend, PICK, resendFailed, SENDER, senderKeys, sendQuery, useOptionNames } from './queries';
import { RecipientsList } from './RecipientsList';
import { filterSummary, isRunning } from './sending';

/**
 * /emails-sender/{id}/show (issue 37 §3): one send — what it said, to whom (its filters), who sent it and when —
 * and how far it got, followed every 2 s while it runs: a bar and the counts (waiting, sent, failed, retried, not
 * sent). Those who may send can cancel it while it runs and send the failed mails again. Below, its recipients,
 * each with their state and, for a failure, the mail server's answer.
 */
export function EmailSendPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const area = useArea();
  const propertyId = usePropertyStore((s) => s.propertyId);
  // The header names the send once it is read (centrally, once a property is chosen).
  const send = useQuery({ ...sendQuery(id), enabled: area === 'tenant' || propertyId !== null }).data;
  const when = send ? formatDateTime(send.createdAt, locale) : null;
  return (
    <>
      <PageHeader
        title={send?.subject ?? t('emailsSender.sendTitle')}
        subtitle={
          send && when
            ? send.createdBy
              ? t('emailsSender.sentBy', { who: send.createdBy, when })
              : when
            : null
        }
        crumbs={[{ label: t('shell.nav.emailsSender'), href: SENDER }]}
      />
      <PropertyScoped>
        <SendGate id={id} />
      </PropertyScoped>
    </>
  );
}

function SendGate({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <RecordGate
      query={useQuery(sendQuery(id))}
      missing={t('emailsSender.sendMissing')}
      listHref={SENDER}
      listName={t('shell.nav.emailsSender')}
    >
      {(send) => (
        <Stack spacing={3}>
          <ProgressPanel send={send} />
          <MailPanel send={send} />
          <RecipientsList send={send} />
        </Stack>
      )}
    </RecordGate>
  );
}

/** How far the send got, and what may be done with it: cancel it while it runs, send the failed ones again. */
function ProgressPanel({ send }: { send: EmailSend }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const can = useCan();
  const client = useQueryClient();
  const headingId = useId();
  const [asking, setAsking] = useState<'cancel' | 'resend' | null>(null);
  const n = new Intl.NumberFormat(locale.intlLocale);
  const running = isRunning(send.state);
  const { counts } = send;

  const act = useMutation<EmailSend, RequestError, 'cancel' | 'resend'>({
    mutationFn: (what) => (what === 'cancel' ? cancelSend(send.id) : resendFailed(send.id)),
    onSuccess: (answer, what) => {
      client.setQueryData(senderKeys.send(send.id), answer);
      void client.invalidateQueries({ queryKey: [SENDER, 'list'] });
      void client.invalidateQueries({ queryKey: [SENDER, 'record', send.id, 'recipients'] });
      setAsking(null);
      toast.success(t(what === 'cancel' ? 'emailsSender.cancelDone' : 'emailsSender.resendDone'));
    },
    onError: (err) => {
      setAsking(null);
      toast.error(err.message);
    },
  });

  const mayAct = can('emails-sender.send');
  const facts: [string, string][] = [
    [t('emailsSender.counts.total'), n.format(counts.total)],
    [t('emailsSender.counts.queued'), n.format(counts.queued + counts.sending)],
    [t('emailsSender.counts.sent'), n.format(counts.sent)],
    [t('emailsSender.counts.failed'), n.format(counts.failed)],
    [t('emailsSender.counts.retried'), n.format(counts.retried)],
    [t('emailsSender.counts.cancelled'), n.format(counts.cancelled)],
  ];
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('emailsSender.progressTitle')}
        </Typography>
        <SendStateChip state={send.state} />
      </Stack>
      <Box sx={{ mb: 2.5 }} aria-live="polite">
        <SendProgress counts={counts} thick />
      </Box>
      <CountGrid facts={facts} />
      <Typography variant="body2" color="text.secondary">
        {[
          t('emailsSender.rate', { n: n.format(send.ratePerMinute) }),
          ...(send.finishedAt
            ? [t('emailsSender.finishedAt', { when: formatDateTime(send.finishedAt, locale) })]
            : []),
        ].join(' · ')}
      </Typography>
      {mayAct && (running || counts.failed > 0) && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2.5 }}>
          {running && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<CancelIcon />}
              onClick={() => setAsking('cancel')}
            >
              {t('emailsSender.cancel')}
            </Button>
          )}
          {counts.failed > 0 && (
            <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setAsking('resend')}>
              {t('emailsSender.resend')}
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === 'resend'
            ? t('emailsSender.resendTitle', { count: counts.failed, n: n.format(counts.failed) })
            : t('emailsSender.cancelTitle')
        }
        confirmLabel={t(asking === 'resend' ? 'emailsSender.resend' : 'emailsSender.cancel')}
        destructive={asking !== 'resend'}
        busy={act.isPending}
        onConfirm={() => asking && act.mutate(asking)}
        onClose={() => setAsking(null)}
      >
        {asking === 'resend'
          ? t('emailsSender.resendText')
          : t('emailsSender.cancelText', { count: counts.queued, n: n.format(counts.queued) })}
      </ConfirmDialog>
    </Paper>
  );
}

/** The counts side by side, as many to a row as fit (two at 360 px): each label over its number. */
function CountGrid({ facts }: { facts: [string, string][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
        gap: 2,
        m: 0,
        mb: 2,
      }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What the send said and to whom: its filters in words, its words in each language written, its files. */
function MailPanel({ send }: { send: EmailSend }) {
  const { t } = useTranslation();
  const { language: reader } = useUiLocale();
  const headingId = useId();
  const ids = useTabIds();
  const names = {
    buildings: useOptionNames(PICK.buildings, send.filters.buildingIds),
    units: useOptionNames(PICK.units, send.filters.unitIds),
  };
  const languages = Object.keys(send.texts).filter(isLanguage);
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? firstLanguage(languages, reader);
  const text = send.texts[language];
  const files = send.attachments.map((a) => (isDocumentKind(a) ? t(documentKindLabel(a)) : a));
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('emailsSender.theMail')}
        </Typography>
        <ReadOnlyField label={t('emailsSender.recipients')}>
          <Box component="span" sx={{ display: 'block' }}>
            {filterSummary(send.filters, names, t).map((line) => (
              <Box component="span" key={line} sx={{ display: 'block' }}>
                {line}
              </Box>
            ))}
          </Box>
        </ReadOnlyField>
        {files.length > 0 && (
          <ReadOnlyField label={t('emailsSender.attachments')}>{files.join(', ')}</ReadOnlyField>
        )}
      </Stack>
      {languages.length > 0 && (
        <>
          <LanguageTabs
            languages={languages}
            value={language}
            onChange={setChosen}
            ids={ids}
            label={t('emailTemplates.languages')}
          />
          <Stack
            role="tabpanel"
            id={ids.panel(language)}
            aria-labelledby={ids.tab(language)}
            spacing={2}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <ReadOnlyField label={t('emailTemplates.subject')}>{text?.subject}</ReadOnlyField>
            <ReadOnlyField label={t('emailTemplates.body')}>
              <Box
                component="span"
                sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {text?.body}
              </Box>
            </ReadOnlyField>
          </Stack>
        </>
      )}
    </Paper>
  );
}
