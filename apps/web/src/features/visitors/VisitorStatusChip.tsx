import { VISITOR_STATUS_DISPLAY, type VisitorShownStatus } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../permits/PermitStatusChip';

const COLOUR: Record<VisitorShownStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  valid: 'success',
  pending: 'warning',
  rejected: 'error',
  revoked: 'error',
  expired: 'default',
  none: 'info',
};

/** A visitor permit's status as SPEC §4 labels it, with 'No status' for a visitor without a permit. */
export function VisitorStatusChip({ status }: { status: VisitorShownStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={COLOUR[status]} label={t(VISITOR_STATUS_DISPLAY[status])} />;
}
