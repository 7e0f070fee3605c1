import { type VisitorItem, type VisitorPersonAction } from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/PictureAsPdfOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { writeClipboard } from '../../ui/clipboard';

import { permitLength } from './length';
import { SendLinkButton } from './SendLinkButton';
import { VisitorStatusChip } from './VisitorStatusChip';

/** Only a valid permit is printed: a request waiting for approval has no time yet (decision 0039 §14). */
const printable = (v: VisitorItem) => v.shownStatus === 'valid';

/** Copies the permit's public check page (what its QR code opens) for the visitor. */
function CopyLinkButton({ url, variant = 'outlined' }: { url: string; variant?: 'outlined' | 'text' }) {
  const { t } = useTranslation();
  const copy = () =>
    void writeClipboard(url).then((copied) =>
      copied ? toast.success(t('visitors.screens.linkCopied')) : toast.error(url),
    );
  return (
    <Button variant={variant} startIcon={<LinkIcon />} onClick={copy}>
      {t('visitors.screens.copyLink')}
    </Button>
  );
}

/** The permit's PDF; `base`: the API the visitor is read from ('/visitors', or the resident's '/my/visitors'). */
export function downloadPermit(v: VisitorItem, base = '/visitors') {
  return download(`${base}/${v.id}/permit.pdf`, `visitor-permit-${v.permitCode ?? v.id}.pdf`).catch(
    (e: Error) => toast.error(e.message),
  );
}

/**
 * "From … until …" of a permit, or null without one. A request waiting for approval has no window yet: its time
 * starts at the approval, or at the start asked if later (decision 0039 §8), so it says that instead.
 */
export function useValidity(v: VisitorItem) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const { intlLocale } = locale;
  if (!v.validFrom || !v.validUntil) return null;
  if (v.shownStatus === 'pending') {
    const length = permitLength(v, intlLocale);
    return Date.parse(v.validFrom) > Date.now()
      ? t('visitors.screens.validityPendingFrom', { length, from: formatDateTime(v.validFrom, locale) })
      : t('visitors.screens.validityPending', { length });
  }
  return t('visitors.screens.validity', {
    from: formatDateTime(v.validFrom, locale),
    until: formatDateTime(v.validUntil, locale),
  });
}

/**
 * On a visitor's page, first: the permit's status and validity, the moves the contract's transition table allows
 * now (item.actions; each confirmed, reject and revoke with a reason) and the permit's PDF. Opened with
 * `?registered=1` (right after registering) it shows the registration's summary. `mine`: on the resident's own
 * page (/my/visitors), read from the resident's API; the actions are the ones the server lets the resident take.
 */
export function VisitorPanel({ item, mine = false }: { item: { id: number }; mine?: boolean }) {
  const base = mine ? '/my/visitors' : '/visitors';
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const visitor = useRecord<VisitorItem>(base, item.id).data;
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const [summary, setSummary] = useState(Boolean(search.registered));
  const [action, setAction] = useState<VisitorPersonAction | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const validity = useValidity(visitor ?? ({} as VisitorItem));
  if (!visitor) return null;
  const allowed = mine || can('visitors.edit') ? visitor.actions : [];
  const closeSummary = () => {
    setSummary(false);
    void navigate({ to: `${base}/${visitor.id}/show` as never, replace: true });
  };
  const close = () => {
    setAction(null);
    setComment('');
    setError(null);
  };
  const run = async () => {
    if (!action) return;
    setBusy(true);
    setError(null);
    try {
      const after = await send<VisitorItem>('POST', `${base}/${visitor.id}/${action}`, {
        comment: comment.trim() || null,
      });
      client.setQueryData(resourceKeys.record(base, visitor.id), after);
      void client.invalidateQueries({ queryKey: [base] });
      toast.success(
        t('visitors.screens.transitioned', { status: t(`visitors.status.${after.shownStatus}`) }),
      );
      close();
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.comment?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };
  const needsReason = action === 'reject' || action === 'revoke';

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
          <Typography variant="h6" component="h2">
            {t('visitors.screens.permit')}
          </Typography>
          <VisitorStatusChip status={visitor.shownStatus} />
          {visitor.permitCode && <Typography color="text.secondary">{visitor.permitCode}</Typography>}
        </Stack>
        <Typography color="text.secondary">{validity ?? t('visitors.noPermit')}</Typography>
        {mine && <ResidentNote visitor={visitor} />}
        {visitor.statusComment && (
          <Alert severity="warning">
            {t('visitors.screens.because', { comment: visitor.statusComment })}
          </Alert>
        )}
        {visitor.overrideReason && (
          <Alert severity="info">
            {t('visitors.screens.overridden', { reason: visitor.overrideReason })}
          </Alert>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {allowed.map((a) => (
            <Button
              key={a}
              variant={a === 'approve' ? 'contained' : 'outlined'}
              color={a === 'approve' ? 'primary' : 'error'}
              onClick={() => setAction(a)}
            >
              {t(`visitors.action.${a}`)}
            </Button>
          ))}
          {printable(visitor) && (
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void downloadPermit(visitor, base)}
            >
              {t('visitors.screens.downloadPermit')}
            </Button>
          )}
          {visitor.checkUrl && <CopyLinkButton url={visitor.checkUrl} />}
          {visitor.shownStatus === 'none' && (mine || can('visitors.edit')) && (
            <SendLinkButton path={`${base}/${visitor.id}/link`} />
          )}
        </Stack>
      </Stack>
      <Dialog open={!!action} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
        <DialogTitle>
          {action && t(`visitors.screens.confirm.${action}.title`, { code: visitor.permitCode ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {action && t(`visitors.screens.confirm.${action}.body`)}
          </DialogContentText>
          {needsReason && (
            <TextField
              label={t('visitors.screens.reason')}
              required={action === 'reject'}
              multiline
              minRows={3}
              fullWidth
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              error={Boolean(error)}
              helperText={error ?? undefined}
            />
          )}
          {error && !needsReason && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button
            variant="contained"
            color={needsReason ? 'error' : 'primary'}
            onClick={() => void run()}
            disabled={busy || (action === 'reject' && !comment.trim())}
          >
            {action && t(`visitors.action.${action}`)}
          </Button>
        </DialogActions>
      </Dialog>
      {summary && (
        <SummaryDialog visitor={visitor} validity={validity} onClose={closeSummary} base={base} mine={mine} />
      )}
    </Paper>
  );
}

/** Right after registering: what the visitor needs (code, plate, validity, whom they visit) and the permit. */
function SummaryDialog({
  visitor,
  validity,
  onClose,
  base,
  mine,
}: {
  visitor: VisitorItem;
  validity: string | null;
  onClose: () => void;
  base: string;
  mine: boolean;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('visitors.fields.permitCode'), visitor.permitCode ?? t('visitors.status.none')],
    [t('visitors.fields.plate'), visitor.plate ?? '—'],
    [t('visitors.screens.validityLabel'), validity ?? t('visitors.noPermit')],
  ];
  // The resident's own summary does not name them back.
  if (!mine)
    rows.push([
      t('visitors.fields.resident'),
      [visitor.resident?.fullName, visitor.unit?.name].filter(Boolean).join(' · ') || '—',
    ]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="visitor-summary-title">
      <DialogTitle id="visitor-summary-title">
        {t('visitors.screens.summaryTitle', { name: visitor.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ mb: 1, alignItems: 'flex-start' }}>
          <VisitorStatusChip status={visitor.shownStatus} />
          <Stack component="dl" spacing={1} sx={{ m: 0 }}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                  {value}
                </Typography>
              </div>
            ))}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('visitors.screens.done')}</Button>
        {visitor.checkUrl && <CopyLinkButton url={visitor.checkUrl} />}
        {visitor.shownStatus === 'none' && (
          <SendLinkButton path={`${base}/${visitor.id}/link`} variant="contained" />
        )}
        {printable(visitor) && (
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            onClick={() => void downloadPermit(visitor, base)}
          >
            {t('visitors.screens.downloadPermit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What a pending permit means for the resident: their visitor's poster request to decide, or the office's. */
function ResidentNote({ visitor }: { visitor: VisitorItem }) {
  const { t } = useTranslation();
  if (visitor.shownStatus !== 'pending') return null;
  if (visitor.actions.includes('approve'))
    return <Alert severity="info">{t('my.visitors.posterRequest', { name: visitor.name })}</Alert>;
  return <Alert severity="info">{t('my.visitors.pendingNote')}</Alert>;
}
