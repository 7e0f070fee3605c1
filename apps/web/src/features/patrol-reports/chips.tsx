import type { CheckInLocationStatus, PatrolReportStatus } from '@parkade/contract';
import LocationOffIcon from '@mui/icons-material/LocationOffOutlined';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../permits/PermitStatusChip';

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
