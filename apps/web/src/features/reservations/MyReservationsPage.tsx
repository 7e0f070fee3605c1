import type { ListResponse, ReservationItem, SpotType } from '@parkade/contract';
import { Alert, Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { list } from '../../platform/api';
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
  return (
    <>
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
