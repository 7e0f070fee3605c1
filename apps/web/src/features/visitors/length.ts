import type { VisitorItem } from '@parkade/contract';
import { formatDuration } from '../../ui/locale';

/**
 * A permit's length as people say it (3 hours, 24 hours, 2 days, 90 minutes): what a request waiting for approval
 * will get from the approval (decision 0039 §8). Days from two whole days on; a day is said in hours, as settings
 * usually give it.
 */
export function permitLength(v: Pick<VisitorItem, 'validFrom' | 'validUntil'>, intlLocale: string) {
  const minutes = Math.round((Date.parse(v.validUntil!) - Date.parse(v.validFrom!)) / 60_000);
  if (minutes % 1440 === 0 && minutes >= 2880) return formatDuration(minutes / 1440, 'days', intlLocale);
  if (minutes % 60 === 0) return formatDuration(minutes / 60, 'hours', intlLocale);
  return formatDuration(minutes, 'minutes', intlLocale);
}
