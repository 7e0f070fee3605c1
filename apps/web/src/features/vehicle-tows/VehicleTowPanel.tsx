import { VEHICLE_TOW_NOTE_MAX, type VehicleTowAction, type VehicleTowItem } from '@parkade/contract';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, send } from '../../platform/api';
import { AppLink } from '../../ui/AppLink';
import { formatDateTime, useUiLocale, type DateLocale } from '../../ui/locale';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { Line } from '../../ui/Line';
import { NoteDialog } from '../permit-warnings/NoteDialog';
import { LookupSummary } from '../permit-warnings/PermitWarningPanel';
import { PhotoGrid } from '../permit-warnings/photos';
import { PermitWarningStatusChip } from '../permit-warnings/StatusChips';

const who = (person: { name: string } | null, at: string | null, locale: DateLocale) =>
  person || at ? `${person?.name ?? '—'} · ${formatDateTime(at, locale)}` : null;

/**
 * Under a tow's show page: "Mark towed" and "Cancel" (vehicle-tows.edit, with a note), "Print tow record" (the
 * PDF to show the owner), the warning it comes from, where the car was, the lookup at authorisation and the
 * photos the tow rests on.
 */
export function VehicleTowPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const client = useQueryClient();
  const tow = useRecord<VehicleTowItem>('/vehicle-tows', item.id).data;
  const [action, setAction] = useState<VehicleTowAction | null>(null);
  const [printing, setPrinting] = useState(false);
  if (!tow) return null;
  const actions = tow.actions ?? [];
  const w = tow.warning;

  const run = async (note: string | null) => {
    const after = await send<VehicleTowItem>('POST', `/vehicle-tows/${tow.id}/${action}`, { note });
    client.setQueryData(resourceKeys.record('/vehicle-tows', tow.id), after);
    void client.invalidateQueries({ queryKey: ['/vehicle-tows', 'list'] });
    void client.invalidateQueries({ queryKey: ['/permit-warnings'] });
    toast.success(t('vehicleTows.changed', { status: t(`vehicleTows.status.${after.status}`) }));
    setAction(null);
  };
  const print = async () => {
    setPrinting(true);
    try {
      await download(`/vehicle-tows/${tow.id}/record.pdf`, `tow-record-${tow.id}.pdf`);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('permitWarnings.nextSteps')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions.includes('towed') && (
              <Button variant="contained" onClick={() => setAction('towed')}>
                {t('vehicleTows.action.towed')}
              </Button>
            )}
            {actions.includes('cancel') && (
              <Button variant="outlined" color="error" onClick={() => setAction('cancel')}>
                {t('vehicleTows.cancelTow')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<PrintIcon />}
              onClick={() => void print()}
              loading={printing}
            >
              {t('vehicleTows.print')}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      {w && (
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Typography variant="h6" component="h2">
              <AppLink href={`/permit-warnings/${w.id}/show`}>
                {t('vehicleTows.record.warning', { id: w.id })}
              </AppLink>
            </Typography>
            <PermitWarningStatusChip status={w.status} />
          </Stack>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
            <Line label={t('permitWarnings.warningType')} value={w.warningName} />
            <Line label={t('permitWarnings.reason')} value={w.reasonName} />
            <Line label={t('permitWarnings.note')} value={w.note} />
            <Line label={t('permitWarnings.requested')} value={who(w.requestedBy, w.requestedAt, locale)} />
            <Line label={t('permitWarnings.decided')} value={who(w.decidedBy, w.decidedAt, locale)} />
            <Line label={t('permitWarnings.placed')} value={who(w.placedBy, w.placedAt, locale)} />
            <Line label={t('permitWarnings.spot')} value={w.observation.spotNumber} />
            <Line label={t('permitWarnings.place')} value={w.observation.place} />
            <Line
              label={t('permitWarnings.observedAt')}
              value={who({ name: w.observation.officer }, w.observation.observedAt, locale)}
            />
            {w.checkIn && (
              <Line
                label={t('permitWarnings.checkInLocation')}
                value={t(`permitWarnings.location.${w.checkIn.locationStatus}`)}
              />
            )}
          </Box>
        </Paper>
      )}

      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('vehicleTows.lookupTitle')}
        </Typography>
        <LookupSummary lookup={tow.lookup} />
      </Paper>

      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('vehicleTows.photos')}
        </Typography>
        <PhotoGrid photos={tow.photos ?? []} url={(id) => `/vehicle-tows/${tow.id}/photos/${id}`} />
      </Paper>

      <NoteDialog
        open={!!action}
        title={action ? t(`vehicleTows.confirm.${action}.title`, { plate: tow.plate }) : ''}
        body={action ? t(`vehicleTows.confirm.${action}.body`) : ''}
        confirmLabel={action === 'cancel' ? t('vehicleTows.cancelTow') : t('vehicleTows.action.towed')}
        destructive={action === 'cancel'}
        maxLength={VEHICLE_TOW_NOTE_MAX}
        run={run}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}
