import { RESERVATION_COMMENT_MAX, type ReservationItem } from '@parkade/contract';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/HighlightOffOutlined';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDate, useUiLocale } from '../../ui/locale';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';

/**
 * Under a reservation's show page, while it is a resident's pending request: Approve (confirmed) or Reject (with the
 * reason the resident is mailed), for staff holding reservations.approve. Decision 0039 §5.
 */
export function ReservationDecisionPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const client = useQueryClient();
  const r = useRecord<ReservationItem>('/reservations', item.id).data;
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!r || r.status !== 'pending' || !can('reservations.approve')) return null;

  const number = r.spot?.number ?? '';
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    setError(null);
    try {
      const after = await send<ReservationItem>(
        'POST',
        `/reservations/${r.id}/${decision}`,
        decision === 'reject' ? { comment } : undefined,
      );
      client.setQueryData(resourceKeys.record('/reservations', r.id), after);
      void client.invalidateQueries({ queryKey: ['/reservations'] });
      toast.success(t(decision === 'approve' ? 'reservations.approvedToast' : 'reservations.rejectedToast'));
      setOpen(null);
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
        <Typography variant="h6" component="h2">
          {t('reservations.pendingHint')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            variant="contained"
            startIcon={<CheckIcon />}
            onClick={() => {
              setError(null);
              setOpen('approve');
            }}
          >
            {t('reservations.approve')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            onClick={() => {
              setError(null);
              setOpen('reject');
            }}
          >
            {t('reservations.reject')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={open === 'approve'}
        title={t('reservations.approveTitle', { number })}
        confirmLabel={t('reservations.approve')}
        destructive={false}
        busy={busy}
        onConfirm={() => void decide('approve')}
        onClose={() => setOpen(null)}
      >
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <span>
            {t('reservations.approveBody', {
              name: r.resident?.fullName ?? '',
              number,
              from: formatDate(r.startsOn, locale),
              to: formatDate(r.endsOn, locale),
            })}
          </span>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'reject'}
        title={t('reservations.rejectTitle', { number })}
        confirmLabel={t('reservations.reject')}
        busy={busy}
        onConfirm={() => void decide('reject')}
        onClose={() => setOpen(null)}
      >
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <span>{t('reservations.rejectBody')}</span>
          <TextField
            label={t('reservations.decisionComment')}
            required
            multiline
            minRows={2}
            fullWidth
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            error={!!error}
            slotProps={{ htmlInput: { maxLength: RESERVATION_COMMENT_MAX } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
