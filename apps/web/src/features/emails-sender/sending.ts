import {
  type EmailSendCounts,
  type EmailSendState,
  type PermitStatus,
  type RecipientFilters,
  type ResidentStatus,
} from '@parkade/contract';
import type { TFunction } from 'i18next';

/*
 * The email sender's rules, apart from the screens: the filters as the compose page holds them and as the API takes
 * them, what they say in words, and how far a send got (a bulk mail's texts: ui/mail/bulk-text.ts).
 */

/** A send still at work: its page follows it. */
export const isRunning = (state: EmailSendState) => state === 'queued' || state === 'sending';

/** How far a send got: the recipients done with (sent, failed or not sent), of all, as a whole percent. */
export function progressOf(counts: EmailSendCounts): { done: number; total: number; percent: number } {
  const done = counts.sent + counts.failed + counts.cancelled;
  // Rounded down: 1,999 of 2,000 is not yet 100 %.
  const percent = counts.total > 0 ? Math.floor((done / counts.total) * 100) : 100;
  return { done, total: counts.total, percent: Math.min(100, percent) };
}

/** "1,234 of 2,000 sent · 3 failed · 10 not sent": a send's progress in one line. */
export function progressLine(counts: EmailSendCounts, t: TFunction, intlLocale: string): string {
  const n = new Intl.NumberFormat(intlLocale);
  const parts = [
    t('emailsSender.progress.sent', { sent: n.format(counts.sent), total: n.format(counts.total) }),
  ];
  if (counts.failed)
    parts.push(t('emailsSender.progress.failed', { count: counts.failed, n: n.format(counts.failed) }));
  if (counts.cancelled)
    parts.push(
      t('emailsSender.progress.cancelled', { count: counts.cancelled, n: n.format(counts.cancelled) }),
    );
  return parts.join(' · ');
}

/** The filters as the compose page holds them: the chosen records with their names, a number field as typed. */
export interface FilterDraft {
  buildings: { id: number; label: string }[];
  units: { id: number; label: string }[];
  residentStatuses: ResidentStatus[];
  permitStatuses: PermitStatus[];
  /** "Permit expiring within N days", as typed ('' for any). */
  expiringWithin: string;
  unsignedAgreement: boolean;
}

export const EMPTY_FILTERS: FilterDraft = {
  buildings: [],
  units: [],
  residentStatuses: [],
  permitStatuses: [],
  expiringWithin: '',
  unsignedAgreement: false,
};

export const EXPIRING_MAX_DAYS = 365;

/** The days typed for "permit expiring within", or null when none are or they are not a whole 0–365. */
export function expiringDays(typed: string): number | null {
  const text = typed.trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days <= EXPIRING_MAX_DAYS ? days : null;
}

/** Whether the days typed are wrong (something typed that is not a whole 0–365). */
export const expiringInvalid = (typed: string) => typed.trim() !== '' && expiringDays(typed) === null;

/** The filters as the API takes them: only the ones given, so no filter at all is every resident. */
export function filtersBody(draft: FilterDraft): RecipientFilters {
  const out: RecipientFilters = {};
  if (draft.buildings.length) out.buildingIds = draft.buildings.map((b) => b.id);
  if (draft.units.length) out.unitIds = draft.units.map((u) => u.id);
  if (draft.residentStatuses.length) out.residentStatuses = [...draft.residentStatuses];
  if (draft.permitStatuses.length) out.permitStatuses = [...draft.permitStatuses];
  const days = expiringDays(draft.expiringWithin);
  if (days !== null) out.permitExpiringWithinDays = days;
  if (draft.unsignedAgreement) out.unsignedAgreement = true;
  return out;
}

/** The names of the buildings and units a send's filters name by id (unknown ones are shown as "#12"). */
export interface FilterNames {
  buildings: ReadonlyMap<number, string>;
  units: ReadonlyMap<number, string>;
}

/**
 * A send's filters in words, one line each ("Buildings: Tower A, Tower B", "Permit expiring within 30 days"), or
 * "All residents" when there are none.
 */
export function filterSummary(filters: RecipientFilters, names: FilterNames, t: TFunction): string[] {
  const named = (ids: number[], known: ReadonlyMap<number, string>) =>
    ids.map((id) => known.get(id) ?? `#${id}`).join(', ');
  const lines: string[] = [];
  if (filters.buildingIds?.length)
    lines.push(t('emailsSender.summary.buildings', { names: named(filters.buildingIds, names.buildings) }));
  if (filters.unitIds?.length)
    lines.push(t('emailsSender.summary.units', { names: named(filters.unitIds, names.units) }));
  if (filters.residentStatuses?.length)
    lines.push(
      t('emailsSender.summary.residentStatuses', {
        names: filters.residentStatuses.map((s) => t(`residents.status.${s}`)).join(', '),
      }),
    );
  if (filters.permitStatuses?.length)
    lines.push(
      t('emailsSender.summary.permitStatuses', {
        names: filters.permitStatuses.map((s) => t(`permits.status.${s}`)).join(', '),
      }),
    );
  if (filters.permitExpiringWithinDays !== undefined)
    lines.push(t('emailsSender.summary.expiring', { count: filters.permitExpiringWithinDays }));
  if (filters.unsignedAgreement) lines.push(t('emailsSender.summary.unsigned'));
  return lines.length ? lines : [t('emailsSender.summary.all')];
}

/** A file's size as people read it: "820 kB", "1.4 MB" (in the page's locale). */
export function fileSize(bytes: number, intlLocale: string): string {
  const mb = bytes >= 1024 * 1024;
  const amount = mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024));
  return new Intl.NumberFormat(intlLocale, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mb ? 1 : 0,
  }).format(amount);
}
