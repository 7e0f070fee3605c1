import type { EmailSend } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import { Box, CircularProgress, Pagination, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { AppLink, LinkButton } from '../../ui/AppLink';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { QueryError } from '../../ui/QueryError';
import { SendProgress, SendStateChip } from './parts';
import { HISTORY_PAGE_SIZE, historyQuery, SENDER } from './queries';

/**
 * /emails-sender (issue 37 §3): the mails the property sent to its residents, newest first — each with its
 * subject, who sent it and when, its state and how far it got — and "New mail" for those who may send. Cards, which
 * read as well at 360 px; a card opens the send's page.
 */
export function EmailSendsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const mayCompose = can('emails-sender.send');
  return (
    <>
      <PageHeader
        title={t('shell.nav.emailsSender')}
        subtitle={t('emailsSender.subtitle')}
        actions={
          mayCompose && (
            <LinkButton href={`${SENDER}/create`} variant="contained" startIcon={<AddIcon />}>
              {t('emailsSender.newMail')}
            </LinkButton>
          )
        }
      />
      <PropertyScoped>
        <History mayCompose={mayCompose} />
      </PropertyScoped>
    </>
  );
}

function History({ mayCompose }: { mayCompose: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(historyQuery(page));
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  if (query.isError) return <QueryError error={query.error} retry={query.refetch} />;
  const { data, total } = query.data;
  if (!total) return <Empty mayCompose={mayCompose} />;
  const pages = Math.ceil(total / HISTORY_PAGE_SIZE);
  return (
    <Stack spacing={2}>
      <Stack
        component="ul"
        aria-label={t('emailsSender.history')}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {data.map((send) => (
          <SendCard key={send.id} send={send} />
        ))}
      </Stack>
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
  );
}

function SendCard({ send }: { send: EmailSend }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const when = formatDateTime(send.createdAt, locale);
  return (
    <Paper component="li" variant="outlined">
      <AppLink
        href={`${SENDER}/${send.id}/show`}
        underline="none"
        color="inherit"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, minHeight: 48 }}
      >
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Typography
              component="span"
              variant="subtitle1"
              sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {send.subject}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {send.createdBy ? t('emailsSender.sentBy', { who: send.createdBy, when }) : when}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <SendStateChip state={send.state} />
          </Stack>
          <SendProgress counts={send.counts} />
        </Stack>
        <ChevronRightIcon aria-hidden color="action" />
      </AppLink>
    </Paper>
  );
}

/** No send yet: what the sender does, and the way to the first mail. */
function Empty({ mayCompose }: { mayCompose: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <MailOutlineIcon aria-hidden color="action" sx={{ fontSize: 40, mb: 1 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('emailsSender.emptyTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: mayCompose ? 2.5 : 0 }}>
        {t('emailsSender.emptyText')}
      </Typography>
      {mayCompose && (
        <LinkButton href={`${SENDER}/create`} variant="contained" startIcon={<AddIcon />}>
          {t('emailsSender.newMail')}
        </LinkButton>
      )}
    </Paper>
  );
}
