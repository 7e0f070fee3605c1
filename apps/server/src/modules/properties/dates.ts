import { formatDay, formatInstant, INTL_LOCALES, type Language } from '@parkade/contract';
import { eq } from 'drizzle-orm';
import type { Scope } from '../../platform/scope';
import { properties } from './table';

/** The property's time zone: its setting (the scope's property carries it), UTC when there is none. */
export async function propertyTimeZone(ctx: Scope): Promise<string> {
  if (ctx.property?.timeZone) return ctx.property.timeZone;
  const [p] = await ctx.tx
    .select({ tz: properties.timezone })
    .from(properties)
    .where(eq(properties.id, ctx.propertyId));
  return p?.tz ?? 'UTC';
}

/** Dates and times written for one reader (the contract's formatDay and formatInstant, bound). */
export interface Dates {
  /** The property's zone. */
  zone: string;
  /** A day (YYYY-MM-DD as itself, an instant's day in the zone): "Nov 28, 2026", "28 nov 2026". */
  day(value: string | Date | null | undefined): string;
  /** An instant in the zone, with the zone's short name where the reader needs it: "Nov 28, 2026, 5:57 PM EST". */
  instant(value: string | Date | null | undefined): string;
}

/**
 * How this scope writes dates (decision 0039 §12): in `lang` (the scope's — the request's language — unless a mail
 * names its recipient's), in the property's zone; a time is labelled with the zone unless the reader's zone (the
 * browser's, ctx.readerZone) reads it alike. A `document` (a PDF, a mail) is read anywhere and later: its times
 * always name the zone.
 */
export async function datesFor(
  ctx: Scope,
  opts: { lang?: Language; document?: boolean } = {},
): Promise<Dates> {
  const zone = await propertyTimeZone(ctx);
  const at = {
    intlLocale: INTL_LOCALES[opts.lang ?? ctx.lang],
    timeZone: zone,
    readerZone: opts.document ? undefined : (ctx.readerZone ?? undefined),
  };
  return { zone, day: (v) => formatDay(v, at), instant: (v) => formatInstant(v, at) };
}
