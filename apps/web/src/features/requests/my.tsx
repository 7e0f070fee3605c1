import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { REQUEST_OPEN_STATUSES, requestsListQuery, type RequestItem } from '@parkade/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { AppLink } from '../../ui/AppLink';
import { CardList } from '../../ui/CardList';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useListState } from '../../ui/DataTable';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { ListLoading } from '../../ui/CardList';
import { resourceKeys, useRecord } from '../../ui/resource';
import { useAuthStore } from '../../platform/stores';
import { toast } from '../../ui/toast';
import { NewRequestDialog } from './NewRequestDialog';
import { RequestStatusChip, RequestThread } from './RequestThread';

/**
 * The requester's own requests (decision 0049) at /my-requests, for residents and staff alike (SPEC's one route);
 * residents read them through the /my API, staff through /my-requests (`api`).
 */
export interface OwnPlace {
  api: '/my/requests' | '/my-requests';
  path: '/my-requests';
  titleKey: string;
}
const RESIDENT_PLACE: OwnPlace = {
  api: '/my/requests',
  path: '/my-requests',
  titleKey: 'shell.nav.myRequests',
};
const STAFF_PLACE: OwnPlace = { api: '/my-requests', path: '/my-requests', titleKey: 'shell.nav.myRequests' };

/** Where the signed-in user's own requests are read: residents through the /my API, staff through /my-requests. */
export function useOwnPlace(): OwnPlace {
  return useAuthStore((s) => s.user?.type) === 'tenant-resident' ? RESIDENT_PLACE : STAFF_PLACE;
}

/** The requester's list: newest first, as cards (read on a phone), and "New request". */
export function MyRequestsPage({ place }: { place: OwnPlace }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const list = useListState(requestsListQuery);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t(place.titleKey)}
        subtitle={t('requests.mySubtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
            {t('requests.new')}
          </Button>
        }
      />
      <CardList<RequestItem>
        resource={place.api}
        list={list}
        label={t(place.titleKey)}
        empty={t('requests.myEmpty')}
        href={(r) => `${place.path}/${r.id}/show`}
      >
        {(r) => (
          <Stack spacing={0.5}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {r.subject}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <RequestStatusChip status={r.status} />
              <Typography variant="body2" color="text.secondary">
                {r.type.name} · {formatDateTime(r.createdAt, locale)}
              </Typography>
            </Stack>
          </Stack>
        )}
      </CardList>
      <NewRequestDialog
        api={place.api}
        types={`${place.api}/types`}
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(made) => {
          setOpen(false);
          void client.invalidateQueries({ queryKey: resourceKeys.all(place.api) });
          toast.success(t('requests.created'));
          void navigate({ to: `${place.path}/$requestId/show`, params: { requestId: String(made.id) } });
        }}
      />
    </>
  );
}

/** One of the requester's requests: what they asked, its status, the thread, a reply, and withdrawing it. */
export function MyRequestPage({ place, id }: { place: OwnPlace; id: number }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const client = useQueryClient();
  const record = useRecord<RequestItem>(place.api, id);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  if (record.isPending) return <ListLoading />;
  if (record.isError) return <QueryError error={record.error} retry={record.refetch} />;
  const item = record.data;
  const open = REQUEST_OPEN_STATUSES.includes(item.status);
  const cancel = async () => {
    setBusy(true);
    try {
      const next = await send<RequestItem>('POST', `${place.api}/${id}/cancel`);
      client.setQueryData(resourceKeys.record(place.api, id), next);
      void client.invalidateQueries({ queryKey: resourceKeys.all(place.api) });
      toast.success(t('requests.canceledToast'));
      setConfirm(false);
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader
        title={item.subject}
        crumbs={[{ label: t(place.titleKey), href: place.path }, { label: item.subject }]}
        actions={
          open && (
            <Button color="error" variant="outlined" onClick={() => setConfirm(true)}>
              {t('requests.cancel')}
            </Button>
          )
        }
      />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <RequestStatusChip status={item.status} />
            <Typography variant="body2" color="text.secondary">
              {item.type.name} · {formatDateTime(item.createdAt, locale)}
            </Typography>
          </Stack>
          <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.description}</Box>
          {item.link?.entity === 'permits' && place.api === '/my/requests' && (
            <Box sx={{ mt: 1 }}>
              <AppLink href={`/my/permits/${item.link.id}/show`}>{t('requests.openPermit')}</AppLink>
            </Box>
          )}
        </Paper>
        <RequestThread item={item} base={place.api} staff={false} canReply={open} />
      </Stack>
      <ConfirmDialog
        open={confirm}
        title={t('requests.cancelTitle')}
        confirmLabel={t('requests.cancel')}
        busy={busy}
        onConfirm={() => void cancel()}
        onClose={() => setConfirm(false)}
      >
        {t('requests.cancelText')}
      </ConfirmDialog>
    </>
  );
}
