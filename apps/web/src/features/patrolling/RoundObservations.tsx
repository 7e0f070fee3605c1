import { Alert, Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { ownVerdict, type CheckIn } from '@parkade/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { RequestWarningDialog } from '../permit-warnings/RequestWarningDialog';
import { toast } from '../../ui/toast';
import { VerdictChip } from './verdict';
import { discard, flush, onQueueChange } from './queue';
import { ACTIVE_CHECK_IN_KEY, roundObservationsKey, useQueued, useRoundObservations } from './usePatrol';

/**
 * The round so far: what waits on the phone (with a way to send it now, and any refusal to read), then what the
 * server holds, newest first. When a queued observation arrives and its verdict changed meanwhile (a permit
 * approved while the officer had no signal), the officer is told. An observation of a plate is where the officer
 * asks for a warning on that car (RequestWarningDialog), while the round is open.
 */
export function RoundObservations({ round }: { round: CheckIn }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const client = useQueryClient();
  const key = roundObservationsKey(round.id);
  const stored = useRoundObservations(round.id);
  const waiting = useQueued().filter((q) => q.checkInId === round.id);
  const canAsk = useCan()('permit-warnings.create') && !round.checkedOutAt;
  const [asking, setAsking] = useState<{ id: number; plate: string } | null>(null);
  const navigate = useNavigate();

  useEffect(
    () =>
      onQueueChange(({ sent }) => {
        if (!sent) return;
        void client.invalidateQueries({ queryKey: key });
        void client.invalidateQueries({ queryKey: ACTIVE_CHECK_IN_KEY });
        const now = ownVerdict(sent.lookup);
        if (sent.changedFrom && now)
          toast.warning(
            t('patrol.changedSince', {
              plate: sent.plate,
              was: t(`lookup.verdict.${sent.changedFrom}`),
              now: t(`lookup.verdict.${now}`),
            }),
          );
      }),
    [client, t, round.id],
  );

  const rows = [...(stored.data ?? [])].reverse();
  return (
    <Box component="section" aria-labelledby="round-observations">
      <Typography id="round-observations" variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('patrol.roundObservations', { count: rows.length })}
      </Typography>
      {waiting.length > 0 && (
        <Stack spacing={1} sx={{ mb: 1.5 }}>
          {waiting.filter((w) => !w.refused).length > 0 && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" onClick={() => void flush()}>
                  {t('patrol.sendNow')}
                </Button>
              }
            >
              {t('patrol.waiting', { count: waiting.filter((w) => !w.refused).length })}
            </Alert>
          )}
          {waiting
            .filter((w) => w.refused)
            .map((w) => (
              <Alert
                key={w.clientKey}
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void discard(w.clientKey)}>
                    {t('patrol.discard')}
                  </Button>
                }
              >
                {t('patrol.refused', { what: w.plate ?? w.place ?? '' })} {w.refused}
              </Alert>
            ))}
        </Stack>
      )}
      {stored.isError && <Alert severity="error">{stored.error.message}</Alert>}
      {rows.length === 0 && !stored.isPending && waiting.length === 0 && (
        <Typography color="text.secondary">{t('patrol.noObservations')}</Typography>
      )}
      <List disablePadding>
        {rows.map((o) => {
          const verdict = ownVerdict(o.lookup);
          return (
            <ListItem key={o.id} divider disableGutters sx={{ display: 'block', py: 1.25 }}>
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <Typography
                  sx={{ fontFamily: o.plate ? 'monospace' : undefined, fontWeight: 700, fontSize: 18 }}
                >
                  {o.plate ?? o.place ?? t('patrol.note')}
                </Typography>
                <Stack direction="row" spacing={1}>
                  {o.photos.length > 0 && (
                    <Chip size="small" label={t('patrol.photosShort', { count: o.photos.length })} />
                  )}
                  {verdict && <VerdictChip verdict={verdict} />}
                </Stack>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {[formatDateTime(o.observedAt, locale), o.plate ? o.place : null, o.notes]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              {canAsk && o.plate && (
                <Button
                  size="small"
                  variant="outlined"
                  sx={{ mt: 1 }}
                  onClick={() => setAsking({ id: o.id, plate: o.plate! })}
                  aria-label={t('permitWarnings.request.title', { plate: o.plate })}
                >
                  {t('permitWarnings.round.open')}
                </Button>
              )}
              {o.changedFrom && verdict && (
                <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
                  {t('patrol.changedSince', {
                    plate: o.plate,
                    was: t(`lookup.verdict.${o.changedFrom}`),
                    now: t(`lookup.verdict.${verdict}`),
                  })}
                </Alert>
              )}
            </ListItem>
          );
        })}
      </List>
      {asking && (
        <RequestWarningDialog
          open
          observationId={asking.id}
          plate={asking.plate}
          onClose={() => setAsking(null)}
          // The warning's page follows it: its decision, then "Place the warning" once approved.
          onCreated={(w) => void navigate({ to: `/permit-warnings/${w.id}/show` as never })}
        />
      )}
    </Box>
  );
}
