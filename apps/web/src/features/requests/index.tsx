import AddIcon from '@mui/icons-material/Add';
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  optionsRead,
  REQUEST_MOVES,
  REQUEST_STATUSES,
  requestsListQuery,
  requestsResource,
  requestStatusBody,
  type RequestCounts,
  type RequestItem,
  type RequestStatus,
} from '@parkade/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useAuthStore } from '../../platform/stores';
import { useCan } from '../../ui/access';
import { AppLink } from '../../ui/AppLink';
import { useListState, type ListState } from '../../ui/DataTable';
import { RecordPicker } from '../../ui/fields';
import { optionText } from '../../ui/fields/RecordInput';
import { Line } from '../../ui/Line';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceKeys, useRecord } from '../../ui/resource';
import { resourceScreens } from '../../ui/resource-screens';
import { toast } from '../../ui/toast';
import { NewRequestDialog, useRequestTypes } from './NewRequestDialog';
import { RequestStatusChip, RequestThread } from './RequestThread';

const API = '/requests';
/** Who may be assigned a request: the property's staff who work requests (the server refuses anyone else). */
const WORKERS = optionsRead(requestsResource, 'request-workers');
/** The residents a desk request may be written down for. */
const RESIDENTS = optionsRead(requestsResource, 'residents');
const TYPES = optionsRead(requestsResource, 'request-types');

/**
 * The queue's "New request" (requests.create): staff write down a resident's request made by phone or at the desk
 * (decision 0049); the new request's page opens.
 */
function DeskRequestButton() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!can('requests.create')) return null;
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('requests.new')}
      </Button>
      <NewRequestDialog
        api={API}
        residents={RESIDENTS}
        types={TYPES.path}
        title={t('requests.deskTitle')}
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(made) => {
          setOpen(false);
          client.setQueryData(resourceKeys.record(API, made.id), made);
          void client.invalidateQueries({ queryKey: resourceKeys.all(API) });
          toast.success(t('requests.deskCreated', { name: made.requester.name }));
          void navigate({ to: '/requests/$requestId/show', params: { requestId: String(made.id) } });
        }}
      />
    </>
  );
}

/** The record page's card: what was asked, by whom, its type, status and assignee. */
function RequestFields({ record }: { record?: RequestItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!record) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      <Line label={t('requests.typeLabel')} value={record.type.name} />
      <Line label={t('requests.requester')} value={record.requester.name} />
      <Line label={t('requests.assignee')} value={record.assignee?.name ?? t('requests.nobody')} />
      {record.link?.entity === 'permits' && (
        <Line
          label={t('requests.linkedPermit')}
          value={<AppLink href={`/permits/${record.link.id}/show`}>{t('requests.openPermit')}</AppLink>}
        />
      )}
      <Line label={t('requests.createdAt')} value={formatDateTime(record.createdAt, locale)} />
      <Line label={t('requests.description')} value={record.description} />
    </Box>
  );
}

/** The queue's counts: open ones per status, mine, nobody's — each a filter. */
function QueueCounts() {
  const { t } = useTranslation();
  const list = useListState(requestsListQuery);
  const counts = useQuery<RequestCounts, RequestError>({
    queryKey: [API, 'counts'],
    queryFn: () => get<RequestCounts>(`${API}/counts`),
  });
  const me = useAuthStore((s) => s.user?.id);
  if (!counts.data) return null;
  const c = counts.data;
  const chip = (label: string, n: number, patch: Record<string, string[] | undefined>) => (
    <Button
      key={label}
      size="small"
      variant="outlined"
      onClick={() => list.update({ ...patch, page: undefined })}
      sx={{ borderRadius: 4 }}
    >
      {label} · {n}
    </Button>
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label={t('requests.counts')}>
      {(['created', 'in-process', 'paused'] as const).map((s) =>
        chip(t(`requests.status.${s}`), c.byStatus[s], { status: [s], assigneeId: undefined }),
      )}
      {me !== undefined &&
        chip(t('requests.mine'), c.mine, { assigneeId: [String(me)], open: ['1'], status: undefined })}
      {chip(t('requests.unassigned'), c.unassigned, { assigneeId: ['null'], open: ['1'], status: undefined })}
    </Stack>
  );
}

function RequestFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const types = useRequestTypes(TYPES.path);
  return (
    <>
      <OptionFilter
        label={t('requests.statusLabel')}
        options={REQUEST_STATUSES.map((s) => ({ value: s, label: t(`requests.status.${s}`) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
        width={170}
      />
      <OptionFilter
        label={t('requests.typeLabel')}
        options={(types ?? []).map((x) => ({ value: String(x.id), label: x.label }))}
        value={list.search.typeId}
        onChange={(v) => list.update({ typeId: v, page: undefined })}
        width={200}
      />
    </>
  );
}

/**
 * Under a request's record: move its status (REQUEST_MOVES, with an optional word to the requester), assign it to
 * someone who works requests (picked; "take it" for oneself) or to nobody (requests.edit), and the whole thread with
 * replies and internal notes.
 */
function StaffRequestPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const me = useAuthStore((s) => s.user);
  const record = useRecord<RequestItem>(API, item.id).data;
  const [status, setStatus] = useState<RequestStatus | ''>('');
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const edit = can('requests.edit');
  const apply = async (url: string, body: unknown, done: string) => {
    setBusy(true);
    try {
      const next = await send<RequestItem>('POST', url, body);
      client.setQueryData(resourceKeys.record(API, item.id), next);
      void client.invalidateQueries({ queryKey: resourceKeys.all(API) });
      toast.success(done);
      setStatus('');
      setWord('');
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={3} sx={{ mt: 3 }}>
      {edit && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
                {t('requests.work')}
              </Typography>
              <RequestStatusChip status={record.status} />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                select
                size="small"
                label={t('requests.moveTo')}
                value={status}
                onChange={(e) => setStatus(e.target.value as RequestStatus)}
                sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
              >
                {REQUEST_MOVES[record.status].map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`requests.status.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('requests.moveWord')}
                value={word}
                onChange={(e) => setWord(e.target.value)}
                sx={{ flex: 1, minWidth: { sm: 220 } }}
              />
              <Button
                variant="contained"
                disabled={!status || busy}
                onClick={() =>
                  void apply(
                    `${API}/${item.id}/status`,
                    requestStatusBody.parse({ status, comment: word }),
                    t('requests.moved'),
                  )
                }
              >
                {t('requests.apply')}
              </Button>
            </Stack>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: 1, alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
            >
              <Box sx={{ width: { xs: '100%', sm: 320 } }}>
                <RecordPicker
                  resource={WORKERS.path}
                  size="small"
                  label={t('requests.assignTo')}
                  helperText={t('requests.assignHint')}
                  value={record.assignee?.id ? { id: record.assignee.id, label: record.assignee.name } : null}
                  optionLabel={optionText}
                  sort="label"
                  onChange={(v) =>
                    void apply(
                      `${API}/${item.id}/assign`,
                      { assigneeId: v?.id ?? null },
                      t(v ? 'requests.assigned' : 'requests.released'),
                    )
                  }
                />
              </Box>
              {me?.type === 'tenant-user' && record.assignee?.id !== me.id && (
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() =>
                    void apply(`${API}/${item.id}/assign`, { assigneeId: me.id }, t('requests.taken'))
                  }
                >
                  {t('requests.take')}
                </Button>
              )}
              {record.assignee && (
                <Button
                  disabled={busy}
                  onClick={() =>
                    void apply(`${API}/${item.id}/assign`, { assigneeId: null }, t('requests.released'))
                  }
                >
                  {t('requests.unassign')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      )}
      <RequestThread item={record} base={API} staff canReply={edit} />
    </Stack>
  );
}

/** /requests (staff): the property's queue and each request's record, worked under it (StaffRequestPanel). */
export const requestScreens = resourceScreens<RequestItem, { status: string }>({
  resource: API,
  basePath: '/requests',
  entity: 'requests',
  titleKey: 'shell.nav.requests',
  list: requestsListQuery,
  permissions: {},
  creatable: false,
  schema: requestStatusBody,
  emptyValues: { status: 'created' },
  toValues: (r) => ({ status: r.status }),
  recordTitle: (r) => r.subject,
  Fields: RequestFields,
  Filters: RequestFilters,
  ListLead: QueueCounts,
  ListActions: DeskRequestButton,
  ShowExtra: StaffRequestPanel,
  columns: (t, locale) => [
    {
      field: 'subject',
      headerName: t('requests.subject'),
      link: true,
      sortable: false,
      minWidth: 180,
      flex: 2,
    },
    {
      field: 'summary',
      headerName: t('requests.statusLabel'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: RequestItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1 }}>
          <Box>
            <RequestStatusChip status={row.status} />
          </Box>
          <Typography variant="body2" noWrap>
            {row.requester.name} · {formatDateTime(row.createdAt, locale)}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('requests.statusLabel'),
      minWidth: 130,
      secondary: true,
      renderCell: ({ row }: { row: RequestItem }) => <RequestStatusChip status={row.status} />,
    },
    {
      field: 'type',
      headerName: t('requests.typeLabel'),
      minWidth: 170,
      sortable: false,
      secondary: true,
      valueGetter: (_v: unknown, r: RequestItem) => r.type.name,
    },
    {
      field: 'requester',
      headerName: t('requests.requester'),
      minWidth: 160,
      sortable: false,
      secondary: true,
      valueGetter: (_v: unknown, r: RequestItem) => r.requester.name,
    },
    {
      field: 'assignee',
      headerName: t('requests.assignee'),
      minWidth: 150,
      sortable: false,
      secondary: true,
      valueGetter: (_v: unknown, r: RequestItem) => r.assignee?.name ?? '—',
    },
    {
      field: 'createdAt',
      headerName: t('requests.createdAt'),
      minWidth: 170,
      secondary: true,
      valueFormatter: (v: string) => formatDateTime(v, locale),
    },
  ],
});
