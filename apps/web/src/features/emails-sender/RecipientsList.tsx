import type { EmailRecipient, EmailSend, EmailSendCounts } from '@parkade/contract';
import {
  Box,
  CircularProgress,
  Divider,
  MenuItem,
  Pagination,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../ui/LanguageTabs';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { QueryError } from '../../ui/QueryError';
import { RecipientStateChip } from './parts';
import { RECIPIENTS_PAGE_SIZE, recipientsQuery, type RecipientFilter } from './queries';
import { isRunning } from './sending';

/** The states the list can show, in the order offered, each with the count that says how many it has. */
const SHOWN: { value: RecipientFilter; count: (c: EmailSendCounts) => number }[] = [
  { value: 'all', count: (c) => c.total },
  { value: 'failed', count: (c) => c.failed },
  { value: 'sent', count: (c) => c.sent },
  { value: 'queued', count: (c) => c.queued },
  { value: 'cancelled', count: (c) => c.cancelled },
];

/**
 * A send's recipients, a page at a time, all or in one state: each one's name, address and language, their state,
 * how many times they were tried and, for a failure, the mail server's answer. Followed as the send is while it runs.
 */
export function RecipientsList({ send }: { send: EmailSend }) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const headingId = useId();
  const [state, setState] = useState<RecipientFilter>(send.counts.failed > 0 ? 'failed' : 'all');
  const [page, setPage] = useState(1);
  const query = useQuery(recipientsQuery(send.id, page, state, isRunning(send.state)));
  const n = new Intl.NumberFormat(intlLocale);
  const pages = query.data ? Math.ceil(query.data.total / RECIPIENTS_PAGE_SIZE) : 0;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {t('emailsSender.recipientsTitle')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('emailsSender.show')}
          value={state}
          onChange={(e) => {
            setState(e.target.value as RecipientFilter);
            setPage(1);
          }}
          sx={{ minWidth: { xs: '100%', sm: 220 } }}
        >
          {SHOWN.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {t('emailsSender.showState', {
                state: t(
                  s.value === 'all' ? 'emailsSender.allRecipients' : `emailsSender.recipientState.${s.value}`,
                ),
                n: n.format(s.count(send.counts)),
              })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('form.loading')} />
        </Box>
      ) : query.isError ? (
        <QueryError error={query.error} retry={query.refetch} />
      ) : !query.data.data.length ? (
        <Typography color="text.secondary">{t('emailsSender.listEmpty')}</Typography>
      ) : (
        <Stack spacing={2}>
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {query.data.data.map((r, i) => (
              <Fragment key={r.residentId}>
                {i > 0 && <Divider component="li" aria-hidden />}
                <RecipientRow recipient={r} />
              </Fragment>
            ))}
          </Box>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_e, p) => setPage(p)}
              getItemAriaLabel={(type, p) => t(`list.pagination.${type}`, { page: p })}
              sx={{ alignSelf: 'center' }}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

function RecipientRow({ recipient: r }: { recipient: EmailRecipient }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const details = [
    languageName(r.language),
    ...(r.attempts > 1 ? [t('emailsSender.attempts', { count: r.attempts })] : []),
    ...(r.sentAt ? [t('emailsSender.sentAt', { when: formatDateTime(r.sentAt, locale) })] : []),
  ];
  return (
    <Stack component="li" spacing={0.75} sx={{ py: 1.5 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', minWidth: 0 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{r.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {r.email}
          </Typography>
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <RecipientStateChip state={r.state} />
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {details.join(' · ')}
      </Typography>
      {r.error && (
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('emailsSender.serverAnswer')}
          </Typography>
          <Typography
            variant="body2"
            component="p"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {r.error}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
