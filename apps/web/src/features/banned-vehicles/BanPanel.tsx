import { BAN_LIFT_NOTE_MAX, type BanStatus, type BannedVehicleItem } from '@parkade/contract';
import LiftIcon from '@mui/icons-material/LockOpenOutlined';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDate, formatDateTime, useUiLocale } from '../../ui/locale';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { StatusChip } from '../permits/PermitStatusChip';
import { BanPhotos } from './BanPhotos';

const COLOUR: Record<BanStatus, 'error' | 'info' | 'default' | 'success'> = {
  active: 'error',
  scheduled: 'info',
  ended: 'default',
  lifted: 'success',
};

/** What a ban is today: active, scheduled, ended or lifted. */
export function BanStatusChip({ status }: { status: BanStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={COLOUR[status]} label={t(`bannedVehicles.status.${status}`)} />;
}

/**
 * Under a ban's show page: its status, who banned it and from when, who lifted it (and why), the "Lift ban" action
 * (with the permission, confirmed first, with an optional note), and its photos.
 */
export function BanPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const client = useQueryClient();
  const ban = useRecord<BannedVehicleItem>('/banned-vehicles', item.id).data;
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!ban) return null;

  const lift = async () => {
    setBusy(true);
    setError(null);
    try {
      const after = await send<BannedVehicleItem>('PUT', `/banned-vehicles/${ban.id}/lift`, {
        note: note.trim() || null,
      });
      client.setQueryData(resourceKeys.record('/banned-vehicles', ban.id), after);
      void client.invalidateQueries({ queryKey: ['/banned-vehicles'] });
      toast.success(t('bannedVehicles.lifted'));
      setOpen(false);
      setNote('');
    } catch (e) {
      const err = e as RequestError;
      setError(err.errors?.note?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <Typography variant="h6" component="h2">
              {t('bannedVehicles.ban')}
            </Typography>
            <BanStatusChip status={ban.status} />
          </Stack>
          <Box>
            <Typography>
              {t('bannedVehicles.bannedSince', {
                name: ban.bannedBy?.name ?? '—',
                date: formatDate(ban.bannedFrom, locale),
              })}
            </Typography>
            {ban.liftedAt && (
              <Typography>
                {t('bannedVehicles.liftedOn', {
                  name: ban.liftedBy?.name ?? '—',
                  date: formatDateTime(ban.liftedAt, locale),
                })}
              </Typography>
            )}
          </Box>
          {ban.liftNote && (
            <Alert severity="info">
              {t('bannedVehicles.liftNote')}: {ban.liftNote}
            </Alert>
          )}
          {!ban.liftedAt && can('banned-vehicles.lift') && (
            <Box>
              <Button
                variant="contained"
                startIcon={<LiftIcon />}
                onClick={() => {
                  setError(null);
                  setOpen(true);
                }}
              >
                {t('bannedVehicles.lift')}
              </Button>
            </Box>
          )}
        </Stack>
        <ConfirmDialog
          open={open}
          title={t('bannedVehicles.liftTitle', { plate: ban.plate })}
          confirmLabel={t('bannedVehicles.lift')}
          destructive={false}
          busy={busy}
          onConfirm={() => void lift()}
          onClose={() => setOpen(false)}
        >
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <span>{t('bannedVehicles.liftBody')}</span>
            <TextField
              label={t('bannedVehicles.liftNoteOptional')}
              multiline
              minRows={2}
              fullWidth
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: BAN_LIFT_NOTE_MAX } }}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </ConfirmDialog>
      </Paper>
      <BanPhotos ban={ban} />
    </Stack>
  );
}
