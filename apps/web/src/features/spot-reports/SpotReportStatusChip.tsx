import type { SpotReportStatus } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../permits/PermitStatusChip';

/** Open (waiting for the office or patrol) or resolved. */
export function SpotReportStatusChip({ status }: { status: SpotReportStatus }) {
  const { t } = useTranslation();
  return (
    <StatusChip
      colour={status === 'open' ? 'warning' : 'success'}
      label={t(`spotReports.status.${status}`)}
    />
  );
}
