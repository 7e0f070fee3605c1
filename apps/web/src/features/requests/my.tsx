import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  REQUEST_OPEN_STATUSES,
  REQUEST_SUBJECT_MAX,
  REQUEST_TEXT_MAX,
  REQUEST_TYPES,
  requestsListQuery,
  type RequestItem,
  type RequestType,
} from '@parkade/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { fieldErrorsOf } from '../../ui/form';
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
import { FilesPicker, postForm, RequestStatusChip, RequestThread } from './RequestThread';

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

type Errors = Partial<Record<'type' | 'subject' | 'description' | 'files', string>>;

/** The new-request dialog: a type, a subject, what is asked, and files (full screen on a phone). */
function NewRequestDialog({ place, open, onClose }: { place: OwnPlace; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const navigate = useNavigate();
  const [type, setType] = useState<RequestType | ''>('');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const missing: Errors = {};
    if (!type) missing.type = t('validation.required');
    if (!subject.trim()) missing.subject = t('validation.required');
    if (!description.trim()) missing.description = t('validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setProblem(null);
    try {
      const made = await postForm(place.api, { type, subject, description }, files);
      void client.invalidateQueries({ queryKey: resourceKeys.all(place.api) });
      toast.success(t('requests.created'));
      onClose();
      void navigate({ to: `${place.path}/$requestId/show`, params: { requestId: String(made.id) } });
    } catch (e) {
      const { fields, problem } = fieldErrorsOf(e, ['type', 'subject', 'description', 'files']);
      setErrors(fields);
      setProblem(problem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{t('requests.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            select
            label={t('requests.typeLabel')}
            value={type}
            onChange={(e) => setType(e.target.value as RequestType)}
            error={Boolean(errors.type)}
            helperText={errors.type}
            required
          >
            {REQUEST_TYPES.map((x) => (
              <MenuItem key={x} value={x}>
                {t(`requests.type.${x}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('requests.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={Boolean(errors.subject)}
            helperText={errors.subject}
            slotProps={{ htmlInput: { maxLength: REQUEST_SUBJECT_MAX } }}
            required
          />
          <TextField
            label={t('requests.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description ?? t('requests.descriptionHint')}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: REQUEST_TEXT_MAX } }}
            required
          />
          <FilesPicker files={files} onChange={setFiles} />
          {errors.files && (
            <Typography color="error" variant="body2" role="alert">
              {errors.files}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t('requests.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The requester's list: newest first, as cards (read on a phone), and "New request". */
export function MyRequestsPage({ place }: { place: OwnPlace }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const list = useListState(requestsListQuery);
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
                {t(`requests.type.${r.type}`)} · {formatDateTime(r.createdAt, locale)}
              </Typography>
            </Stack>
          </Stack>
        )}
      </CardList>
      <NewRequestDialog place={place} open={open} onClose={() => setOpen(false)} />
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
              {t(`requests.type.${item.type}`)} · {formatDateTime(item.createdAt, locale)}
            </Typography>
          </Stack>
          <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.description}</Box>
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
