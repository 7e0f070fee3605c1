import { PERMIT_DISPLAY, type PermitShownStatus } from '@parkade/contract';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOUR: Record<PermitShownStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'error',
  revoked: 'error',
  inactive: 'default',
  expired: 'default',
};

/** A permit's status as SPEC §4 labels it (valid, pending approval, not approved, expired…). */
export function PermitStatusChip({ status }: { status: PermitShownStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOUR[status]} label={t(PERMIT_DISPLAY[status])} />;
}
