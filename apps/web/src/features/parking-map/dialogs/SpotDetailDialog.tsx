import type { ReservationEndResponse, SpotDetail } from '@parkade/contract';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../../platform/api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FieldGrid, ReadOnlyField } from '../../../ui/fields';
import { toast } from '../../../ui/toast';
import { useRecord } from '../../../ui/resource';
import { SpotHolderFields, SpotTypeChip } from '../../spots';

/**
 * Spot detail dialog: the spot, and its permit, vehicle and resident when it has them. With `onEnded`, staff may
 * end (or cancel, when it has not started) the reservation it shows; the spot is available at once.
 */
export function SpotDetailDialog({
  spotId,
  onClose,
  actions,
  onEnded,
}: {
  spotId: number;
  onClose: () => void;
  actions?: ReactNode;
  onEnded?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const detail = useRecord<SpotDetail>('/spots', `${spotId}/detail`);
  const d = detail.data;
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const end = useMutation({
    mutationFn: (reservationId: number) =>
      send<ReservationEndResponse>('POST', `/reservations/${reservationId}/end`),
    onSuccess: (res) => {
      setConfirming(false);
      void client.invalidateQueries({ queryKey: ['/spots'] });
      onEnded?.(res.message);
    },
    onError: (e: Error) => {
      setConfirming(false);
      toast.error(e.message);
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={id}>
      <DialogTitle id={id}>
        {d ? t('map.spotTitle', { number: d.spot.number }) : t('form.loading')}
      </DialogTitle>
      <DialogContent>
        {!d ? (
          detail.isError ? (
            <Alert severity="error">{detail.error.message}</Alert>
          ) : (
            <CircularProgress aria-label={t('form.loading')} />
          )
        ) : (
          <Stack spacing={2} data-testid="spot-detail">
            <FieldGrid>
              <ReadOnlyField label={t('fields.spotType')}>
                <SpotTypeChip type={d.spot.type} />
              </ReadOnlyField>
              <ReadOnlyField label={t('fields.spaceStatus')}>
                {t(`spots.status.${d.spot.status}`)}
              </ReadOnlyField>
              <ReadOnlyField label={t('fields.area')}>{d.area?.name ?? ''}</ReadOnlyField>
              <ReadOnlyField label={t('fields.spotGroup')}>{d.spot.spotGroup ?? ''}</ReadOnlyField>
              <SpotHolderFields detail={d} />
            </FieldGrid>
            {d.spot.notes && <Typography color="text.secondary">{d.spot.notes}</Typography>}
          </Stack>
        )}
      </DialogContent>
      {confirming && d?.reservation && (
        <ConfirmDialog
          open
          title={t('map.endReservation')}
          confirmLabel={t('map.endReservation')}
          busy={end.isPending}
          onConfirm={() => end.mutate(d.reservation!.id)}
          onClose={() => setConfirming(false)}
        >
          {t(
            d.reservation.startsOn > new Date().toISOString().slice(0, 10)
              ? 'myReservations.confirmCancel'
              : 'myReservations.confirmEnd',
            {
              number: d.spot.number,
            },
          )}
        </ConfirmDialog>
      )}
      <DialogActions>
        {onEnded && d?.reservation && (
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('map.endReservation')}
          </Button>
        )}
        {actions}
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
