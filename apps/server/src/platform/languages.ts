import { isLanguage, type Language } from '@parkade/contract';
import type { Scope } from './scope';

/** The languages the scope's property offers (its mail and documents are written in these), English when none. */
export function languagesOf(ctx: Scope): Language[] {
  const offered = (ctx.property?.languages ?? []).filter(isLanguage);
  return offered.length ? offered : ['en'];
}
