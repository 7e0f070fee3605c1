import type { SpotDetail } from '@parkade/contract';
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
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldGrid, ReadOnlyField } from '../../../ui/fields';
import { useRecord } from '../../../ui/resource';
import { SpotHolderFields, SpotTypeChip } from '../../spots';

/** Spot detail dialog: the spot, and its permit, vehicle and resident when it has them. */
export function SpotDetailDialog({
  spotId,
  onClose,
  actions,
}: {
  spotId: number;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const detail = useRecord<SpotDetail>('/spots', `${spotId}/detail`);
  const d = detail.data;
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
                {d.spot.reservedNow ? t('spots.status.reserved') : t(`spots.status.${d.spot.status}`)}
              </ReadOnlyField>
              <ReadOnlyField label={t('fields.area')}>{d.area?.name ?? ''}</ReadOnlyField>
              <ReadOnlyField label={t('fields.spotGroup')}>{d.spot.spotGroup ?? ''}</ReadOnlyField>
              <SpotHolderFields detail={d} />
            </FieldGrid>
            {d.spot.notes && <Typography color="text.secondary">{d.spot.notes}</Typography>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
