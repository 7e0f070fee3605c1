import type { Observation, PermitWarningItem } from '@parkade/contract';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/AppLink';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { useActiveCheckIn, useRoundObservations } from '../patrolling/usePatrol';
import { RequestWarningDialog } from './RequestWarningDialog';

/**
 * "Ask for a warning" from the warnings list: the observations with a plate of the officer's open check-in at this
 * property, newest first, each opening RequestWarningDialog. Without an open check-in here it says to check in
 * first (on the patrol screen).
 */
export function RoundObservationsDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (warning: PermitWarningItem) => void;
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const titleId = useId();
  const [chosen, setChosen] = useState<Observation | null>(null);
  const active = useActiveCheckIn(open);
  const checkIn = active.data?.checkIn ?? null;
  const observations = useRoundObservations(checkIn?.id, open);
  const withPlate = [...(observations.data ?? [])].filter((o) => o.plate).reverse();
  const loading = active.isPending || (!!checkIn && observations.isPending);
  const failed = active.error ?? observations.error;

  return (
    <>
      <Dialog open={open && !chosen} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('permitWarnings.round.title')}</DialogTitle>
        <DialogContent>
          {loading ? (
            <Stack sx={{ alignItems: 'center', py: 3 }}>
              <CircularProgress aria-label={t('form.loading')} />
            </Stack>
          ) : failed ? (
            <Alert severity="error">{failed.message}</Alert>
          ) : !checkIn ? (
            <Stack spacing={2}>
              <Alert severity="info">{t('permitWarnings.round.notCheckedIn')}</Alert>
              <LinkButton href="/patrolling" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
                {t('permitWarnings.round.toPatrol')}
              </LinkButton>
            </Stack>
          ) : withPlate.length === 0 ? (
            <Alert severity="info">
              {t('permitWarnings.round.none', { property: checkIn.property.name })}
            </Alert>
          ) : (
            <List aria-label={t('permitWarnings.round.list', { property: checkIn.property.name })}>
              {withPlate.map((o) => (
                <ListItem key={o.id} divider disableGutters sx={{ display: 'block' }}>
                  <ListItemText
                    primary={o.plate}
                    secondary={[o.spot?.number, o.place, formatDateTime(o.observedAt, locale)]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                  <Button size="small" variant="outlined" onClick={() => setChosen(o)} sx={{ mb: 1 }}>
                    {t('permitWarnings.round.choose', { plate: o.plate })}
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('form.close')}</Button>
        </DialogActions>
      </Dialog>
      {chosen && (
        <RequestWarningDialog
          observationId={chosen.id}
          plate={chosen.plate ?? ''}
          open
          onClose={() => setChosen(null)}
          onCreated={(w) => {
            setChosen(null);
            onCreated(w);
          }}
        />
      )}
    </>
  );
}
