import type { PlateVerdict } from '@parkade/contract';

/** The colour of each plate verdict, wherever it is shown (lookup, round, offline copy). */
export const VERDICT_COLOUR: Record<PlateVerdict, 'success' | 'warning' | 'error' | 'default'> = {
  banned: 'error',
  permitted: 'success',
  visitor: 'success',
  pending: 'warning',
  expired: 'error',
  none: 'error',
};
