import type { ListResponse, ReservationEndResponse, ReservationItem, SpotType } from '@parkade/contract';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { list, send } from '../../platform/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { formatDate, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { SpotTypeChip } from '../spots';

/** When a reservation stands today: before, during or after it. */
export function reservationPhase(
  r: Pick<ReservationItem, 'startsOn' | 'endsOn'>,
  today = new Date().toISOString().slice(0, 10),
) {
  if (r.endsOn < today) return 'past' as const;
  if (r.startsOn > today) return 'upcoming' as const;
  return 'current' as const;
}

/** /my/reservations: the spots reserved for the signed-in resident. */
export function MyReservationsPage() {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const q = useQuery({
    queryKey: ['/my/reservations', 'list'],
    queryFn: () => list<ReservationItem>('/my/reservations', { include: ['spot'], all: true }),
  });
  const data: ListResponse<ReservationItem> | undefined = q.data;
  const client = useQueryClient();
  const [ending, setEnding] = useState<ReservationItem | null>(null);
  const end = useMutation({
    mutationFn: (r: ReservationItem) => send<ReservationEndResponse>('POST', `/my/reservations/${r.id}/end`),
    onSuccess: (res) => {
      toast.success(res.message);
      setEnding(null);
      void client.invalidateQueries({ queryKey: ['/my/reservations'] });
    },
    onError: (e: Error) => {
      toast.error(e.message);
      setEnding(null);
    },
  });
  const endingPhase = ending ? reservationPhase(ending) : null;
  return (
    <>
      {ending && (
        <ConfirmDialog
          open
          title={t(endingPhase === 'current' ? 'myReservations.end' : 'myReservations.cancel')}
          confirmLabel={t(endingPhase === 'current' ? 'myReservations.end' : 'myReservations.cancel')}
          busy={end.isPending}
          onConfirm={() => end.mutate(ending)}
          onClose={() => setEnding(null)}
        >
          {t(endingPhase === 'current' ? 'myReservations.confirmEnd' : 'myReservations.confirmCancel', {
            number: ending.spot?.number ?? '',
          })}
        </ConfirmDialog>
      )}
      <PageHeader title={t('myReservations.title')} />
      {q.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('form.loading')} />
        </Box>
      ) : q.isError ? (
        <Alert severity="error">{q.error.message}</Alert>
      ) : !data?.data.length ? (
        <Paper sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('myReservations.empty')}</Typography>
        </Paper>
      ) : (
        <Stack spacing={1.5}>
          {data.data.map((r) => {
            const phase = reservationPhase(r);
            return (
              <Paper
                key={r.id}
                sx={{ p: 2 }}
                component="article"
                aria-label={t('myReservations.spot', { number: r.spot?.number ?? '' })}
              >
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Typography variant="h6" component="h2" sx={{ minWidth: 120 }}>
                    {t('myReservations.spot', { number: r.spot?.number ?? '' })}
                  </Typography>
                  {r.spot && <SpotTypeChip type={r.spot.type as SpotType} />}
                  <Typography sx={{ flexGrow: 1 }}>
                    {t('spots.reservationDates', {
                      from: formatDate(r.startsOn, intlLocale),
                      to: formatDate(r.endsOn, intlLocale),
                    })}
                  </Typography>
                  <Chip
                    label={t(`myReservations.phase.${phase}`)}
                    color={phase === 'current' ? 'success' : phase === 'upcoming' ? 'info' : 'default'}
                    variant={phase === 'past' ? 'outlined' : 'filled'}
                  />
                  {phase !== 'past' && (
                    <Button variant="outlined" onClick={() => setEnding(r)}>
                      {t(phase === 'current' ? 'myReservations.end' : 'myReservations.cancel')}
                    </Button>
                  )}
                </Stack>
                {r.notes && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {r.notes}
                  </Typography>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </>
  );
}
