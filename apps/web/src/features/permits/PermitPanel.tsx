import {
  PERMIT_DISPLAY,
  PERMIT_ACTION_PERMISSIONS,
  PERMIT_PAPER_FORMATS,
  type PermitAction,
  type PermitItem,
} from '@parkade/contract';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import SwapIcon from '@mui/icons-material/SwapHorizOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBlob, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { formatDate, useUiLocale } from '../../ui/locale';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { PermitStatusChip, PermitStatusNote } from './PermitStatusChip';

/**
 * Under a permit's show page: its status and validity, the workflow actions allowed now (item.actions, from the
 * contract's transition table), each confirmed before it runs (reject asks why), and printing. Opened at
 * /permits/{id}/approve or /reject, that action's confirmation is shown at once.
 */
export function PermitPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const client = useQueryClient();
  const permit = useRecord<PermitItem>('/permits', item.id).data;
  const path = useRouterState({ select: (s) => s.location.pathname });
  const fromPath = /\/(approve|reject)$/.exec(path)?.[1] as PermitAction | undefined;
  const navigate = useNavigate();
  const [action, setAction] = useState<PermitAction | null>(fromPath ?? null);
  // Opened at /permits/{id}/approve or /reject: once the dialog is closed the address is the show page again.
  const close = () => {
    setAction(null);
    if (fromPath) void navigate({ to: `/permits/${item.id}/show` as never, replace: true });
  };
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  if (!permit) return null;
  const allowed = permit.actions.filter((a) => can(PERMIT_ACTION_PERMISSIONS[a]));
  const pending = action && permit.actions.includes(action) ? action : null;

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const after = await send<PermitItem>('POST', `/permits/${permit.id}/${pending}`, {
        comment: comment.trim() || null,
      });
      client.setQueryData(resourceKeys.record('/permits', permit.id), after);
      void client.invalidateQueries({ queryKey: ['/permits'] });
      toast.success(t('permits.transitioned', { status: t(PERMIT_DISPLAY[after.shownStatus]) }));
      close();
      setComment('');
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.comment?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('permits.workflow')}
          </Typography>
          <PermitStatusChip status={permit.shownStatus} />
        </Stack>
        <Typography color="text.secondary">
          {permit.expiresOn
            ? t('permits.expiresOn', { date: formatDate(permit.expiresOn, locale) })
            : t('permits.print.noEnd')}
          {' · '}
          {t('permits.vehicleChanges', { count: permit.vehicleChanges })}
        </Typography>
        <PermitStatusNote permit={permit} audience="staff" />
        {permit.rejectionComment && (
          <Alert severity="warning">
            {t('permits.rejectedBecause', { comment: permit.rejectionComment })}
          </Alert>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {allowed.map((a) => (
            <Button
              key={a}
              variant={a === 'approve' ? 'contained' : 'outlined'}
              color={a === 'reject' || a === 'revoke' ? 'error' : 'primary'}
              onClick={() => {
                setError(null);
                setAction(a);
              }}
            >
              {t(`permits.action.${a}`)}
            </Button>
          ))}
          {can('permits.edit') && permit.vehicleId && permit.shownStatus !== 'expired' && (
            <LinkButton
              href={`/permits/${permit.id}/edit?action=change-vehicle`}
              variant="outlined"
              startIcon={<SwapIcon />}
            >
              {t('permits.changeVehicle')}
            </LinkButton>
          )}
          {(permit.shownStatus === 'approved' || permit.shownStatus === 'later') && (
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setPrinting(true)}>
              {t('permits.print.open')}
            </Button>
          )}
        </Stack>
        {action && !pending && <Alert severity="info">{t('permits.actionNotAllowed')}</Alert>}
      </Stack>
      <Dialog open={!!pending} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
        <DialogTitle>{pending && t(`permits.confirm.${pending}.title`, { code: permit.code })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {pending && t(`permits.confirm.${pending}.body`)}
          </DialogContentText>
          {(pending === 'reject' || pending === 'revoke') && (
            <TextField
              label={t('permits.rejectionComment')}
              required={pending === 'reject'}
              multiline
              minRows={3}
              fullWidth
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              error={Boolean(error)}
              helperText={error ?? undefined}
            />
          )}
          {error && pending !== 'reject' && pending !== 'revoke' && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button
            variant="contained"
            color={pending === 'reject' || pending === 'revoke' ? 'error' : 'primary'}
            onClick={() => void run()}
            disabled={busy || (pending === 'reject' && !comment.trim())}
          >
            {pending && t(`permits.action.${pending}`)}
          </Button>
        </DialogActions>
      </Dialog>
      {printing && <PrintDialog permit={permit} onClose={() => setPrinting(false)} />}
    </Paper>
  );
}

const MARGINS = ['marginLeft', 'marginTop', 'marginRight', 'marginBottom'] as const;

/** SPEC §9: paper format ppm1 (top left, perforated) or ppm2 (bottom left, peel) and four margins in mm. */
function PrintDialog({ permit, onClose }: { permit: PermitItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<(typeof PERMIT_PAPER_FORMATS)[number]>('ppm1');
  const [margins, setMargins] = useState<Record<(typeof MARGINS)[number], string>>({
    marginLeft: '10',
    marginTop: '10',
    marginRight: '10',
    marginBottom: '10',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const marginError = (m: (typeof MARGINS)[number]): string | null => {
    const raw = margins[m].trim();
    const n = Number(raw);
    if (raw === '' || !Number.isFinite(n)) return t('validation.numeric');
    if (n < 0) return t('validation.minValue', { min: 0 });
    if (n > 100) return t('validation.maxValue', { max: 100 });
    return null;
  };
  const invalid = MARGINS.some((m) => marginError(m) !== null);
  const print = async () => {
    if (invalid) return;
    setBusy(true);
    setError(null);
    try {
      const qs = new URLSearchParams({ format, ...margins }).toString();
      const res = await getBlob(`/permits/${permit.id}/print?${qs}`);
      const href = URL.createObjectURL(res.data);
      const opened = window.open(href, '_blank');
      if (!opened) {
        const a = document.createElement('a');
        a.href = href;
        a.download = `permit-${permit.code}-${format}.pdf`;
        a.click();
      }
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      onClose();
    } catch (e) {
      setError((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('permits.print.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <RadioGroup
            value={format}
            onChange={(e) => setFormat(e.target.value as typeof format)}
            aria-label={t('permits.print.format')}
          >
            {PERMIT_PAPER_FORMATS.map((f) => (
              <FormControlLabel key={f} value={f} control={<Radio />} label={t(`permits.print.${f}`)} />
            ))}
          </RadioGroup>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
            {MARGINS.map((m) => (
              <TextField
                key={m}
                type="number"
                label={t(`permits.print.${m}`)}
                value={margins[m]}
                onChange={(e) => setMargins((x) => ({ ...x, [m]: e.target.value }))}
                error={marginError(m) !== null}
                helperText={marginError(m) ?? undefined}
                slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
                fullWidth
              />
            ))}
          </Box>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => void print()}
          disabled={busy || invalid}
        >
          {t('permits.print.go')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
