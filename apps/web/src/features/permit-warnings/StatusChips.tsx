import type { PermitWarningStatus, VehicleTowStatus } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../permits/PermitStatusChip';

const WARNING_COLOUR: Record<PermitWarningStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  pending: 'warning',
  approved: 'info',
  placed: 'success',
  rejected: 'error',
  cancelled: 'default',
};

/** A warning's status: pending (waits for staff), approved (to place), placed, rejected, cancelled. */
export function PermitWarningStatusChip({ status }: { status: PermitWarningStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={WARNING_COLOUR[status]} label={t(`permitWarnings.status.${status}`)} />;
}

const TOW_COLOUR: Record<VehicleTowStatus, 'success' | 'warning' | 'default'> = {
  'pending-to-tow': 'warning',
  towed: 'success',
  cancelled: 'default',
};

/** A tow's status: pending to tow, towed, cancelled. */
export function VehicleTowStatusChip({ status }: { status: VehicleTowStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={TOW_COLOUR[status]} label={t(`vehicleTows.status.${status}`)} />;
}
