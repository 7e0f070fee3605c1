import type { ListResponse, ReservationEndResponse, ReservationItem, SpotType } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
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
import { AskReservationDialog } from './AskReservationDialog';
import { ReservationStatusChip } from './ReservationStatusChip';

/** When a reservation stands today: before, during or after it. */
export function reservationPhase(
  r: Pick<ReservationItem, 'startsOn' | 'endsOn'>,
  today = new Date().toISOString().slice(0, 10),
) {
  if (r.endsOn < today) return 'past' as const;
  if (r.startsOn > today) return 'upcoming' as const;
  return 'current' as const;
}

/** What the resident may do with one: end it (under way), cancel it (to come), withdraw it (pending), or nothing. */
function endAction(r: ReservationItem) {
  if (r.status === 'rejected') return null;
  if (r.status === 'pending') return 'withdraw' as const;
  const phase = reservationPhase(r);
  return phase === 'past' ? null : phase === 'current' ? ('end' as const) : ('cancel' as const);
}
const CONFIRM = {
  end: 'myReservations.confirmEnd',
  cancel: 'myReservations.confirmCancel',
  withdraw: 'myReservations.confirmWithdraw',
};

/**
 * /my/reservations: the spots reserved for the signed-in resident and their requests; they ask for a free reserved
 * spot here (AskReservationDialog) and end, cancel or withdraw their own (decision 0039 §5).
 */
export function MyReservationsPage() {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const q = useQuery({
    queryKey: ['/my/reservations', 'list'],
    queryFn: () => list<ReservationItem>('/my/reservations', { include: ['spot'], all: true }),
  });
  const data: ListResponse<ReservationItem> | undefined = q.data;
  const client = useQueryClient();
  const [ending, setEnding] = useState<ReservationItem | null>(null);
  const [asking, setAsking] = useState(false);
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
  const endingAction = ending ? endAction(ending) : null;
  return (
    <>
      {ending && endingAction && (
        <ConfirmDialog
          open
          title={t(`myReservations.${endingAction}`)}
          confirmLabel={t(`myReservations.${endingAction}`)}
          busy={end.isPending}
          onConfirm={() => end.mutate(ending)}
          onClose={() => setEnding(null)}
        >
          {t(CONFIRM[endingAction], { number: ending.spot?.number ?? '' })}
        </ConfirmDialog>
      )}
      {asking && (
        <AskReservationDialog
          onClose={() => setAsking(false)}
          onAsked={(r) => {
            setAsking(false);
            toast.success(
              r.status === 'pending'
                ? t('myReservations.askedPending')
                : t('myReservations.askedConfirmed', { number: r.spot?.number ?? '' }),
            );
            void client.invalidateQueries({ queryKey: ['/my/reservations'] });
          }}
        />
      )}
      <PageHeader
        title={t('myReservations.title')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAsking(true)}>
            {t('myReservations.ask')}
          </Button>
        }
      />
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
            const action = endAction(r);
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
                      from: formatDate(r.startsOn, locale),
                      to: formatDate(r.endsOn, locale),
                    })}
                  </Typography>
                  {r.status === 'confirmed' ? (
                    <Chip
                      label={t(`myReservations.phase.${phase}`)}
                      color={phase === 'current' ? 'success' : phase === 'upcoming' ? 'info' : 'default'}
                      variant={phase === 'past' ? 'outlined' : 'filled'}
                    />
                  ) : (
                    <Box>
                      <ReservationStatusChip status={r.status} />
                    </Box>
                  )}
                  {action && (
                    <Button variant="outlined" onClick={() => setEnding(r)}>
                      {t(`myReservations.${action}`)}
                    </Button>
                  )}
                </Stack>
                {r.status === 'rejected' && r.decisionComment && (
                  <Alert severity="warning" sx={{ mt: 1.5 }}>
                    {t('myReservations.reason', { reason: r.decisionComment })}
                  </Alert>
                )}
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
