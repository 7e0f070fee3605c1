import type { CheckInLocationStatus, PatrolReportStatus, PlateLookup, PlateVerdict } from '@parkade/contract';
import LocationOffIcon from '@mui/icons-material/LocationOffOutlined';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../permits/PermitStatusChip';
import { VERDICT_COLOUR } from '../patrolling/verdict';

/** Open while the officer is still checked in, closed after the check-out. */
export function ReportStatusChip({ status }: { status: PatrolReportStatus }) {
  const { t } = useTranslation();
  return (
    <StatusChip colour={status === 'open' ? 'info' : 'default'} label={t(`patrolReports.status.${status}`)} />
  );
}

/**
 * The location status of the check-in. `no-coordinates` is the one a stored round can carry that staff must act
 * on (the position could not be checked): a warning flag with its own icon, never only a colour.
 */
export function LocationStatusChip({ status }: { status: CheckInLocationStatus }) {
  const { t } = useTranslation();
  const label = t(`patrolReports.locationStatus.${status}`);
  if (status === 'no-coordinates')
    return (
      <Chip
        size="small"
        icon={<LocationOffIcon aria-hidden />}
        label={label}
        sx={{
          bgcolor: '#fff4e5',
          color: '#663c00',
          fontWeight: 600,
          '& .MuiChip-icon': { color: '#663c00' },
        }}
      />
    );
  return <StatusChip colour={status === 'valid' ? 'success' : 'error'} label={label} />;
}

/** The verdict of the plate itself in a lookup kept with an observation (its exact or confusable match). */
export function verdictOf(lookup: PlateLookup | null): PlateVerdict | null {
  if (!lookup) return null;
  return lookup.matches.find((m) => m.match !== 'near')?.verdict ?? 'none';
}

export function VerdictChip({ verdict }: { verdict: PlateVerdict }) {
  const { t } = useTranslation();
  return <StatusChip colour={VERDICT_COLOUR[verdict]} label={t(`lookup.verdict.${verdict}`)} />;
}
