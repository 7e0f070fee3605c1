import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  PATROL_REPORT_SUMMARY_MAX,
  type ActiveCheckIn,
  type CheckIn,
  type PositionBody,
} from '@parkade/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { usePropertyStore } from '../../platform/stores';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { formatDateTime, ShownTimeZone, useUiLocale } from '../../ui/locale';
import { toast } from '../../ui/toast';
import { StatusChip } from '../permits/PermitStatusChip';
import { readPosition } from './geolocation';
import { dropOfflineCopy, refreshOfflineCopy } from './lookup-cache';
import { ObservationDialog } from './ObservationDialog';
import { ACTIVE_CHECK_IN_KEY, useActiveCheckIn, useQueued } from './usePatrol';
import { RoundObservations } from './RoundObservations';

/**
 * The patrol at one property (SPEC §2.5): check in (the phone's position, the server decides), then record what
 * is seen, look up plates and check out with the round's summary. Shown on /patrolling for the property of the
 * host, or centrally for the selected property.
 */
export function CheckInPanel({ propertyId, propertyName }: { propertyId: number; propertyName: string }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const can = useCan();
  const active = useActiveCheckIn();
  const select = usePropertyStore((s) => s.select);
  const [dialog, setDialog] = useState<'in' | 'out' | 'observe' | null>(null);
  const here = active.data?.checkIn?.property.id === propertyId;
  // While patrolling here, the offline copy of the plates is kept fresh for a lookup without signal.
  useEffect(() => {
    if (here && can('patrolling.lookup')) void refreshOfflineCopy(propertyId);
  }, [here, propertyId, can]);
  if (active.isPending)
    return (
      <Paper sx={{ p: 2.5, mb: 3 }}>
        <Skeleton width="50%" height={32} />
        <Skeleton width="70%" />
      </Paper>
    );
  if (active.isError) return <Alert severity="error">{active.error.message}</Alert>;
  const round = active.data.checkIn;

  if (round && round.property.id !== propertyId)
    return (
      <Alert
        severity="info"
        sx={{ mb: 3 }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() =>
              select({
                propertyId: round.property.id,
                propertyName: round.property.name,
                propertyTimeZone: round.property.timezone,
              })
            }
          >
            {t('patrol.goThere')}
          </Button>
        }
      >
        {t('patrol.checkedInElsewhere', { property: round.property.name })}
      </Alert>
    );

  // The round's times in its property's zone (decision 0039 §12), here and in its observations below.
  const zone = round?.property.timezone ?? locale.timeZone;
  const roundLocale = { ...locale, timeZone: zone };
  return (
    <Paper component="section" aria-labelledby="patrol-round" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography id="patrol-round" variant="h2" sx={{ fontSize: '1.2rem' }}>
            {round
              ? t('patrol.checkedInAt', { property: propertyName })
              : t('patrol.notCheckedInHeading', { property: propertyName })}
          </Typography>
          {round && (
            <StatusChip
              colour={round.locationStatus === 'valid' ? 'success' : 'warning'}
              label={t(`patrol.status.${round.locationStatus}`)}
            />
          )}
        </Stack>
        {round ? (
          <>
            <Typography color="text.secondary">
              {round.distanceMeters !== null
                ? t('patrol.sinceDistance', {
                    time: formatDateTime(round.checkedInAt, roundLocale),
                    distance: round.distanceMeters,
                  })
                : t('patrol.since', { time: formatDateTime(round.checkedInAt, roundLocale) })}
            </Typography>
            {round.locationStatus === 'no-coordinates' && (
              <Alert severity="warning">{t('patrol.noCoordinates')}</Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {can('patrolling.observe') && (
                <Button
                  variant="contained"
                  size="large"
                  startIcon={<NoteAddOutlined />}
                  onClick={() => setDialog('observe')}
                >
                  {t('patrol.observe')}
                </Button>
              )}
              {can('patrolling.lookup') && (
                <LinkButton
                  href="/plate-lookup"
                  variant="outlined"
                  size="large"
                  startIcon={<ManageSearchOutlined />}
                >
                  {t('patrol.lookup')}
                </LinkButton>
              )}
              {can('patrolling.check-out') && (
                <Button
                  variant="outlined"
                  color="inherit"
                  size="large"
                  startIcon={<LogoutOutlined />}
                  onClick={() => setDialog('out')}
                >
                  {t('patrol.checkOut')}
                </Button>
              )}
            </Stack>
            <ShownTimeZone.Provider value={zone}>
              <RoundObservations round={round} />
            </ShownTimeZone.Provider>
          </>
        ) : (
          <>
            <Typography color="text.secondary">{t('patrol.checkInHint')}</Typography>
            {can('patrolling.check-in') && (
              <Button
                variant="contained"
                size="large"
                startIcon={<LoginOutlined />}
                onClick={() => setDialog('in')}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('patrol.checkIn')}
              </Button>
            )}
          </>
        )}
      </Stack>
      <CheckInDialog open={dialog === 'in'} onClose={() => setDialog(null)} propertyName={propertyName} />
      {round && (
        <>
          <CheckOutDialog open={dialog === 'out'} onClose={() => setDialog(null)} round={round} />
          <ObservationDialog open={dialog === 'observe'} onClose={() => setDialog(null)} round={round} />
        </>
      )}
    </Paper>
  );
}

type Phase = { step: 'locating' } | { step: 'sending' } | { step: 'refused'; message: string };

/** Reads the position as soon as it opens, sends it, and shows the server's answer (SPEC §8 messages). */
function CheckInDialog({
  open,
  onClose,
  propertyName,
}: {
  open: boolean;
  onClose: () => void;
  propertyName: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const [phase, setPhase] = useState<Phase>({ step: 'locating' });
  const [attempt, setAttempt] = useState(0);
  const canLookup = useCan()('patrolling.lookup');
  // The attempt runs once per opening (or "Try again"), not again when the parent re-renders.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setPhase({ step: 'locating' });
    void (async () => {
      const position: PositionBody = await readPosition();
      if (!live) return;
      setPhase({ step: 'sending' });
      try {
        const round = await send<CheckIn>('POST', '/patrolling/check-ins', position);
        client.setQueryData<ActiveCheckIn>(ACTIVE_CHECK_IN_KEY, { checkIn: round });
        if (canLookup) void refreshOfflineCopy(round.property.id, true);
        toast.success(t('patrol.checkedIn', { property: round.property.name }));
        if (round.locationStatus === 'no-coordinates') toast.warning(t('patrol.noCoordinates'));
        close.current();
      } catch (e) {
        if (live) setPhase({ step: 'refused', message: (e as RequestError).message });
        void client.invalidateQueries({ queryKey: ACTIVE_CHECK_IN_KEY });
      }
    })();
    return () => {
      live = false;
    };
  }, [open, attempt, client, t, canLookup]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('patrol.checkInAt', { property: propertyName })}</DialogTitle>
      <DialogContent>
        {phase.step === 'refused' ? (
          <Alert severity="error">{phase.message}</Alert>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
            <CircularProgress size={28} />
            <Typography>{t(phase.step === 'locating' ? 'patrol.locating' : 'patrol.checkingIn')}</Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        {phase.step === 'refused' && (
          <Button variant="contained" onClick={() => setAttempt((n) => n + 1)}>
            {t('patrol.tryAgain')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The round's summary for its report, the position when the phone gives one, then the check-out. */
function CheckOutDialog({ open, onClose, round }: { open: boolean; onClose: () => void; round: CheckIn }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const waiting = useQueued().filter((q) => q.checkInId === round.id && !q.refused).length;
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const position = await readPosition();
      await send<CheckIn>('POST', '/patrolling/check-out', {
        ...position,
        failure: undefined,
        summary: summary.trim() || null,
      });
      client.setQueryData<ActiveCheckIn>(ACTIVE_CHECK_IN_KEY, { checkIn: null });
      await dropOfflineCopy(round.property.id);
      toast.success(t('patrol.checkedOut'));
      setSummary('');
      onClose();
    } catch (e) {
      setProblem((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('patrol.checkOutOf', { property: round.property.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {waiting > 0 && <Alert severity="warning">{t('patrol.stillQueued', { count: waiting })}</Alert>}
          <TextField
            label={t('patrol.summary')}
            helperText={t('patrol.summaryHint')}
            value={summary}
            onChange={(e) => setSummary(e.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: PATROL_REPORT_SUMMARY_MAX } }}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" loading={busy} onClick={() => void submit()}>
          {t('patrol.checkOut')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
