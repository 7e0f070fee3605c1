import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  REQUEST_FILE_EXTENSIONS,
  REQUEST_FILES_MAX,
  REQUEST_TEXT_MAX,
  type RequestEvent,
  type RequestItem,
  type RequestStatus,
} from '@parkade/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, openFile } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { StatusChip } from '../permits/PermitStatusChip';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { resourceKeys } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { uploadProblem } from '../../ui/uploads';

const COLOUR: Record<RequestStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  created: 'info',
  'in-process': 'warning',
  paused: 'default',
  done: 'success',
  canceled: 'error',
};

/** A request's status as a chip. */
export function RequestStatusChip({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={COLOUR[status]} label={t(`requests.status.${status}`)} />;
}

const ACCEPT = REQUEST_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Files picked for a request or a reply: each checked against the upload policy before it is sent. */
export function FilesPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Box>
      <Button component="label" htmlFor={id} size="small" startIcon={<AttachFileIcon />} variant="text">
        {t('requests.attach', { max: REQUEST_FILES_MAX })}
      </Button>
      <input
        id={id}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          e.target.value = '';
          const allowed = REQUEST_FILE_EXTENSIONS as readonly string[];
          const bad = picked.find((f) => !allowed.includes(f.name.split('.').pop()?.toLowerCase() ?? ''));
          const issue = bad
            ? t('upload.unsupportedType', { types: REQUEST_FILE_EXTENSIONS.join(', ') })
            : (picked.map((f) => uploadProblem(f, t)).find(Boolean) ?? null);
          const all = [...files, ...picked];
          setProblem(
            issue ??
              (all.length > REQUEST_FILES_MAX
                ? t('requests.tooManyFiles', { max: REQUEST_FILES_MAX })
                : null),
          );
          if (!issue) onChange(all.slice(0, REQUEST_FILES_MAX));
        }}
      />
      {files.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {files.map((f, i) => (
            <Chip
              key={`${f.name}-${i}`}
              label={f.name}
              onDelete={() => onChange(files.filter((_, j) => j !== i))}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
      )}
      {problem && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 0.5 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}

/** Sends a multipart form; answers the request as the server returns it, or throws its RequestError. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  files: File[],
): Promise<RequestItem> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('files', f, f.name);
  return (await (await api()).post<RequestItem>(url, fd)).data;
}

function EventLine({ event, base, requestId }: { event: RequestEvent; base: string; requestId: number }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const what =
    event.kind === 'created'
      ? t('requests.event.created')
      : event.kind === 'status'
        ? t('requests.event.status', { status: t(`requests.status.${event.status}`) })
        : event.kind === 'assign'
          ? event.assignee
            ? t('requests.event.assigned', { name: event.assignee })
            : t('requests.event.unassigned')
          : null;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 1.5,
        // An internal note is marked by its chip and a rule at its edge; the text keeps the page's own contrast.
        borderLeft: event.internal ? '4px solid #b26a00' : undefined,
      }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle2" component="span">
          {event.author.name}
        </Typography>
        {event.author.staff && <Chip size="small" label={t('requests.staff')} />}
        {event.internal && <StatusChip colour="warning" label={t('requests.internal')} />}
        <Typography variant="body2" color="text.secondary" component="span">
          {formatDateTime(event.createdAt, locale)}
        </Typography>
      </Stack>
      {what && (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {what}
        </Typography>
      )}
      {event.body && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{event.body}</Typography>
      )}
      {event.files.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mt: 0.5 }}>
          {event.files.map((f) => (
            <Link
              key={f.id}
              component="button"
              type="button"
              onClick={() =>
                void openFile(`${base}/${requestId}/files/${f.id}`, f.name).catch((e: Error) =>
                  toast.error(e.message),
                )
              }
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
            >
              <AttachFileIcon fontSize="small" aria-hidden />
              {f.name}
            </Link>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * A request's thread, oldest first — its creation, replies, notes and changes — and the reply form (when `canReply`):
 * staff may mark a reply an internal note, which the requester never sees. Used by the staff queue's record page
 * and by the requester's own page (`base`: the API the reader reads it through).
 */
export function RequestThread({
  item,
  base,
  staff,
  canReply,
}: {
  item: RequestItem;
  base: string;
  staff: boolean;
  canReply: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!body.trim()) return setError(t('validation.required'));
    setBusy(true);
    setError(null);
    try {
      const next = await postForm(
        `${base}/${item.id}/comments`,
        { body, ...(internal ? { internal: '1' } : {}) },
        files,
      );
      client.setQueryData(resourceKeys.record(base, item.id), next);
      void client.invalidateQueries({ queryKey: resourceKeys.all(base) });
      setBody('');
      setFiles([]);
      setInternal(false);
      toast.success(t(internal ? 'requests.noted' : 'requests.sent'));
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.body?.[0] ?? err.errors?.files?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        {t('requests.thread')}
      </Typography>
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('requests.thread')}
      >
        {(item.events ?? []).map((e) => (
          <EventLine key={e.id} event={e} base={base} requestId={item.id} />
        ))}
      </Stack>
      {canReply && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <TextField
              label={t(internal ? 'requests.noteLabel' : 'requests.replyLabel')}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: REQUEST_TEXT_MAX } }}
              error={Boolean(error)}
              helperText={error ?? (staff && !internal ? t('requests.replyHint') : ' ')}
            />
            <FilesPicker files={files} onChange={setFiles} />
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
            >
              {staff ? (
                <FormControlLabel
                  control={<Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} />}
                  label={t('requests.internalCheck')}
                />
              ) : (
                <span />
              )}
              <Button variant="contained" onClick={() => void send()} disabled={busy}>
                {t(internal ? 'requests.addNote' : 'requests.send')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
      {!canReply && !staff && <Alert severity="info">{t('requests.closedHint')}</Alert>}
    </Stack>
  );
}
