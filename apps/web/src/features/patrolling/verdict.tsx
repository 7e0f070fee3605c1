import type { PlateVerdict } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../permits/PermitStatusChip';

/** The colour of each plate verdict, wherever it is shown (lookup, round, offline copy, reports). */
export const VERDICT_COLOUR: Record<PlateVerdict, 'success' | 'warning' | 'error' | 'default'> = {
  banned: 'error',
  permitted: 'success',
  visitor: 'success',
  later: 'warning',
  pending: 'warning',
  expired: 'error',
  none: 'error',
};

/** A plate's verdict as a chip, in the reader's language. */
export function VerdictChip({ verdict }: { verdict: PlateVerdict }) {
  const { t } = useTranslation();
  return <StatusChip colour={VERDICT_COLOUR[verdict]} label={t(`lookup.verdict.${verdict}`)} />;
}
