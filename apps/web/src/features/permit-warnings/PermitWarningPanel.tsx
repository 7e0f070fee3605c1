import {
  PERMIT_WARNING_NOTE_MAX,
  type PermitWarningAction,
  type PermitWarningItem,
  type PlateLookup,
} from '@parkade/contract';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import RvHookupIcon from '@mui/icons-material/RvHookupOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { AppLink } from '../../ui/AppLink';
import { formatDate, formatDateTime, useUiLocale } from '../../ui/locale';
import { resourceKeys, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { Line } from '../../ui/Line';
import { AuthorizeTowDialog } from './AuthorizeTowDialog';
import { NoteDialog } from './NoteDialog';
import { useCheckedInHere } from '../patrolling/usePatrol';
import { PhotoGrid } from './photos';
import { CheckInFirst, PlaceWarningDialog } from './PlaceWarningDialog';
import { VehicleTowStatusChip } from './StatusChips';

type Decision = Exclude<PermitWarningAction, 'place'>;

/** What the lookup said of the plate when the warning was asked: the exact match's verdict, vehicle and permit. */
export function LookupSummary({ lookup }: { lookup: PlateLookup | null | undefined }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!lookup) return <Typography color="text.secondary">{t('permitWarnings.noLookup')}</Typography>;
  const exact = lookup.matches.find((m) => m.match === 'exact');
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      <Line
        label={t('permitWarnings.lookupVerdict')}
        value={exact ? t(`lookup.verdict.${exact.verdict}`) : t('permitWarnings.notRegistered')}
      />
      {exact?.vehicle && (
        <Line
          label={t('lookup.vehicle')}
          value={[exact.vehicle.make, exact.vehicle.model, exact.vehicle.color].filter(Boolean).join(' · ')}
        />
      )}
      {exact?.permit && <Line label={t('lookup.permit')} value={exact.permit.code} />}
      {exact?.ban && (
        <Line
          label={t('lookup.ban')}
          value={t('lookup.banSince', {
            reason: exact.ban.reason,
            since: formatDate(exact.ban.since, locale),
          })}
        />
      )}
      <Line label={t('permitWarnings.lookedUpAt')} value={formatDateTime(lookup.checkedAt, locale)} />
    </Box>
  );
}

/**
 * Under a warning's show page: its status and the steps the caller may take now (item.actions, from the contract's
 * transition table and their permissions) — approve, reject or cancel with a note (staff), place it with photos
 * (the inspector, once checked in here: else the way to check in, before any photo is asked for), authorise its
 * tow (managers, once the grace time has passed and a photo proves it) — then what the officer saw, the lookup of
 * the moment, and the photos.
 */
export function PermitWarningPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const client = useQueryClient();
  const navigate = useNavigate();
  const warning = useRecord<PermitWarningItem>('/permit-warnings', item.id).data;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [placing, setPlacing] = useState(false);
  const [towing, setTowing] = useState(false);
  const mayPlace = warning?.actions?.includes('place') ?? false;
  // Placing needs the caller's round here: asked before the button is offered, not after the photos.
  const round = useCheckedInHere(mayPlace);
  if (!warning) return null;
  const actions = (warning.actions ?? []).filter((a) => a !== 'place' || round.here === true);
  const saved = (after: PermitWarningItem) => {
    client.setQueryData(resourceKeys.record('/permit-warnings', warning.id), after);
    void client.invalidateQueries({ queryKey: ['/permit-warnings', 'list'] });
  };
  const decide = async (note: string | null) => {
    const after = await send<PermitWarningItem>('POST', `/permit-warnings/${warning.id}/${decision}`, {
      note,
    });
    saved(after);
    toast.success(t('permitWarnings.stepDone', { status: t(`permitWarnings.status.${after.status}`) }));
    setDecision(null);
  };
  const check = warning.towCheck;
  const photoUrl = (id: number) => `/permit-warnings/${warning.id}/photos/${id}`;

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('permitWarnings.nextSteps')}
          </Typography>
          {warning.status === 'pending' && (
            <Alert severity="warning">{t('permitWarnings.hint.pending')}</Alert>
          )}
          {warning.status === 'approved' && (
            <Alert severity="info">{t('permitWarnings.hint.approved')}</Alert>
          )}
          {warning.status === 'placed' && !warning.tow && check && (
            <Alert severity={check.graceOver && check.hasPhoto ? 'success' : 'info'}>
              {check.graceOver
                ? t('permitWarnings.hint.graceOver', {
                    date: formatDateTime(check.readyAt, locale),
                  })
                : t('permitWarnings.hint.graceRuns', {
                    date: formatDateTime(check.readyAt, locale),
                    hours: check.graceHours,
                  })}
            </Alert>
          )}
          {warning.status === 'placed' && !warning.tow && check && !check.hasPhoto && (
            <Alert severity="error">{t('permitWarnings.hint.noPhoto')}</Alert>
          )}
          {mayPlace && round.here === false && <CheckInFirst />}
          {warning.tow && (
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <AppLink href={`/vehicle-tows/${warning.tow.id}/show`}>
                {t('permitWarnings.towLink', { id: warning.tow.id })}
              </AppLink>
              <VehicleTowStatusChip status={warning.tow.status} />
            </Stack>
          )}
          {actions.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {actions.includes('place') && (
                <Button variant="contained" startIcon={<PhotoCameraIcon />} onClick={() => setPlacing(true)}>
                  {t('permitWarnings.place.open')}
                </Button>
              )}
              {actions.includes('approve') && (
                <Button variant="contained" onClick={() => setDecision('approve')}>
                  {t('permitWarnings.action.approve')}
                </Button>
              )}
              {actions.includes('reject') && (
                <Button variant="outlined" color="error" onClick={() => setDecision('reject')}>
                  {t('permitWarnings.action.reject')}
                </Button>
              )}
              {actions.includes('tow') && (
                <Button
                  variant="contained"
                  color="error"
                  startIcon={<RvHookupIcon />}
                  disabled={!check?.graceOver || !check.hasPhoto}
                  onClick={() => setTowing(true)}
                >
                  {t('permitWarnings.tow.open')}
                </Button>
              )}
              {actions.includes('cancel') && (
                <Button variant="outlined" color="error" onClick={() => setDecision('cancel')}>
                  {t('permitWarnings.cancelWarning')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>

      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('permitWarnings.observation')}
        </Typography>
        {warning.observation && (
          <Stack spacing={2}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
              <Line label={t('permitWarnings.observedBy')} value={warning.observation.officer} />
              <Line
                label={t('permitWarnings.observedAt')}
                value={formatDateTime(warning.observation.observedAt, locale)}
              />
              <Line label={t('permitWarnings.notes')} value={warning.observation.notes} />
              {warning.checkIn && (
                <Line
                  label={t('permitWarnings.checkInLocation')}
                  value={t(`permitWarnings.location.${warning.checkIn.locationStatus}`)}
                />
              )}
            </Box>
            <PhotoGrid photos={warning.observation.photos} url={photoUrl} />
          </Stack>
        )}
      </Paper>

      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('permitWarnings.lookupTitle')}
        </Typography>
        <LookupSummary lookup={warning.lookup} />
      </Paper>

      {(warning.placedAt || (warning.placementPhotos?.length ?? 0) > 0) && (
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('permitWarnings.placementPhotos')}
          </Typography>
          <PhotoGrid photos={warning.placementPhotos ?? []} url={photoUrl} />
          {(warning.laterPhotos?.length ?? 0) > 0 && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
                {t('permitWarnings.laterPhotos')}
              </Typography>
              <PhotoGrid photos={warning.laterPhotos ?? []} url={photoUrl} />
            </>
          )}
        </Paper>
      )}

      <NoteDialog
        open={!!decision}
        title={decision ? t(`permitWarnings.confirm.${decision}.title`, { plate: warning.plate }) : ''}
        body={decision ? t(`permitWarnings.confirm.${decision}.body`) : ''}
        confirmLabel={
          decision === 'cancel'
            ? t('permitWarnings.cancelWarning')
            : decision
              ? t(`permitWarnings.action.${decision}`)
              : ''
        }
        destructive={decision === 'reject' || decision === 'cancel'}
        maxLength={PERMIT_WARNING_NOTE_MAX}
        run={decide}
        onClose={() => setDecision(null)}
      />
      <PlaceWarningDialog
        warning={warning}
        open={placing}
        onClose={() => setPlacing(false)}
        onPlaced={(after) => {
          saved(after);
          setPlacing(false);
          toast.success(t('permitWarnings.place.done'));
        }}
      />
      <AuthorizeTowDialog
        warning={warning}
        open={towing}
        onClose={() => setTowing(false)}
        onAuthorized={(tow) => {
          setTowing(false);
          void client.invalidateQueries({ queryKey: ['/permit-warnings'] });
          void client.invalidateQueries({ queryKey: ['/vehicle-tows'] });
          toast.success(t('permitWarnings.tow.done', { plate: tow.plate }));
          void navigate({ to: `/vehicle-tows/${tow.id}/show` as never });
        }}
      />
    </Stack>
  );
}
