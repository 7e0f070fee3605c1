import type { ReservationStatus } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../permits/PermitStatusChip';

const COLOUR = { pending: 'warning', confirmed: 'success', rejected: 'error' } as const;

/** Pending approval, confirmed, or not approved (decision 0039 §5). */
export function ReservationStatusChip({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={COLOUR[status]} label={t(`reservations.status.${status}`)} />;
}
