import type { TwoFactorStatus } from '@parkade/contract';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../platform/api';

/** GET /auth/two-factor: the signed-in staff user's two-factor state. */
export const TWO_FACTOR_KEY = ['/auth/two-factor'] as const;
export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: TWO_FACTOR_KEY, queryFn: () => get<TwoFactorStatus>('/auth/two-factor') });

/** The bootstrap's twoFactor after a change here: the guard and the menu read it. */
export { BOOTSTRAP_KEY } from '../../platform/session';
