import type { Language } from './constants';

/**
 * Dates and times as every reader sees them (decision 0039 §12): in the property's time zone, in the reader's
 * language, a time labelled with its zone's short name when the reader's own zone would show it otherwise. One
 * module for the web's screens and the server's messages, PDFs and mails.
 */

/** The Intl locale of each interface language. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', zh: 'zh-CN' };

export interface DateLocale {
  /** The reader's Intl locale (INTL_LOCALES). */
  intlLocale: string;
  /** The zone times are shown in: the property's. Null or absent: the reader's own (the runtime's zone). */
  timeZone?: string | null;
  /**
   * The reader's zone when it is known (a browser's; a request's X-Time-Zone). A time is labelled with its zone
   * unless it reads the same there. Absent, it is always labelled: a PDF or a mail is read anywhere, and later.
   */
  readerZone?: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An IANA zone this runtime knows, or undefined: an unknown zone (a header's, a setting's) shows the reader's own
 * rather than failing.
 */
export function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    format('en-US', zone, { hour: 'numeric' });
    return zone;
  } catch {
    return undefined;
  }
}

function format(locale: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

/**
 * The zone this runtime shows times in (a browser's own), when it says. Read once: making an Intl object is costly on
 * a slow phone's first screen, and every call sends it (decision 0039 §18).
 */
export function browserZone(): string | undefined {
  if (runtimeZone === null) {
    // The runtime's own zone is one it knows: no second Intl object to check it.
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone as string | undefined;
    runtimeZone = zone && zone.length <= 64 ? zone : undefined;
  }
  return runtimeZone;
}
let runtimeZone: string | undefined | null = null;

/** Whether a value can be read as an instant. */
function instantOf(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The zone's short name at that instant in the reader's language ("EST", "GMT-5", "GMT+9"). */
export function zoneName(at: Date, timeZone: string, intlLocale: string): string {
  const parts = format(intlLocale, knownZone(timeZone), {
    hour: 'numeric',
    timeZoneName: 'short',
  }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** Whether a time shown in `zone` reads otherwise in the reader's zone (the label is then needed). */
function differs(at: Date, zone: string, readerZone: string | null | undefined): boolean {
  if (readerZone === undefined || readerZone === null) return true;
  const reader = knownZone(readerZone);
  if (!reader) return true;
  const wall = (z: string) =>
    format('en-US', z, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).format(at);
  return wall(zone) !== wall(reader);
}

/**
 * A calendar day: a date (YYYY-MM-DD) as that day, or the day an instant falls on in the property's zone — "Nov 28,
 * 2026", "28 nov 2026", "2026年11月28日".
 */
export function formatDay(value: string | Date | null | undefined, at: DateLocale): string {
  if (!value) return '';
  if (typeof value === 'string' && DAY.test(value))
    return format(at.intlLocale, 'UTC', { dateStyle: 'medium' }).format(new Date(`${value}T12:00:00Z`));
  const d = instantOf(value);
  if (!d) return String(value);
  return format(at.intlLocale, knownZone(at.timeZone), { dateStyle: 'medium' }).format(d);
}

/**
 * An instant: its day and time in the property's zone ("Nov 28, 2026, 5:57 PM"), then the zone's short name when
 * the reader's zone would show another time ("Nov 28, 2026, 5:57 PM EST"). `time: 'only'` leaves the day out.
 */
export function formatInstant(
  value: string | Date | null | undefined,
  at: DateLocale,
  opts: { time?: 'only' } = {},
): string {
  if (!value) return '';
  const d = instantOf(value);
  if (!d) return String(value);
  const zone = knownZone(at.timeZone);
  const style: Intl.DateTimeFormatOptions =
    opts.time === 'only' ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
  const shown = format(at.intlLocale, zone, style).format(d);
  return zone && differs(d, zone, at.readerZone) ? `${shown} ${zoneName(d, zone, at.intlLocale)}` : shown;
}

/** The day (YYYY-MM-DD) an instant falls on in a zone: a column of dates in an export, the property's day. */
export function isoDayIn(value: string | Date, timeZone: string | null | undefined): string {
  const d = instantOf(value);
  if (!d) return String(value).slice(0, 10);
  return format('en-CA', knownZone(timeZone), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    d,
  );
}

/**
 * An instant as a zone's wall clock, carried in a Date's UTC fields: a spreadsheet's date cell has no zone and
 * shows those fields, so a cell written with it reads the property's time.
 */
export function wallClockIn(value: string | Date, timeZone: string | null | undefined): Date | null {
  const d = instantOf(value);
  if (!d) return null;
  const parts = format('en-US', knownZone(timeZone), {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(d);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
}
