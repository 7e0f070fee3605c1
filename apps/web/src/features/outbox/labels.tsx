import type { OutboxStatus } from '@parkade/contract';
import { Chip } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A mail's state in words, and the colour that tells whether it still needs someone. */
export function statusLabel(t: TFunction, status: OutboxStatus) {
  return t(`outbox.statuses.${status}`);
}
const STATUS_COLOR: Record<OutboxStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'default',
  queued: 'default',
  sent: 'success',
  failed: 'error',
  stored: 'warning',
};
export function StatusChip({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={statusLabel(t, status)} />;
}
/** A kind of mail in words; an unknown one as it is. */
export const kindLabel = (t: TFunction, kind: string) =>
  t(`outbox.kinds.${kind}`, { defaultValue: kind.replace(/-/g, ' ') });
