import {
  REPORT_FILTERS,
  REPORT_GROUPS,
  type EnforcementReport,
  type MailReport,
  type OccupancyReport,
  type PatrolCoverage,
  type PermitsReport,
  type ReportGroup,
  type ReportName,
  type VisitorsReport,
} from '@parkade/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';

/** The filters of the reports page, as its URL keeps them (decision 0047). */
export interface ReportSearch {
  from?: string;
  to?: string;
  groupBy?: ReportGroup;
  buildingId?: number;
  permitTypeId?: number;
}

/**
 * The filters as the route reads them from the URL: the grouping is any text there (the route does not take the
 * contract's report declarations, which would put them in the app's entry file); `reportSearchOf` keeps a known one.
 */
export type ReportUrlSearch = Omit<ReportSearch, 'groupBy'> & { groupBy?: string };

export function reportSearchOf(url: ReportUrlSearch): ReportSearch {
  const { groupBy, ...rest } = url;
  return (REPORT_GROUPS as readonly string[]).includes(groupBy ?? '')
    ? { ...rest, groupBy: groupBy as ReportGroup }
    : rest;
}

export interface ReportAnswers {
  permits: PermitsReport;
  visitors: VisitorsReport;
  enforcement: EnforcementReport;
  occupancy: OccupancyReport;
  patrol: PatrolCoverage;
  mail: MailReport;
}

/**
 * The query string of a report: the filters it reads (REPORT_FILTERS: a filter it ignores would only ask again for
 * the same figures), empty ones left out.
 */
export function reportParams(search: ReportSearch, name: ReportName): Record<string, string> {
  const reads: readonly string[] = REPORT_FILTERS[name];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(search)) {
    const filter = k === 'from' || k === 'to' ? 'period' : k;
    if (reads.includes(filter) && v !== undefined && v !== '') out[k] = String(v);
  }
  return out;
}

/**
 * GET /reports/{name} with the page's filters. The language is part of the key: the answer names permit types in the
 * reader's language, so a language switch asks again.
 */
export function useReport<N extends ReportName>(name: N, search: ReportSearch) {
  const { i18n } = useTranslation();
  const params = reportParams(search, name);
  return useQuery<ReportAnswers[N], RequestError>({
    queryKey: ['/reports', name, params, i18n.resolvedLanguage ?? i18n.language],
    queryFn: () => get<ReportAnswers[N]>(`/reports/${name}`, params),
    placeholderData: keepPreviousData,
  });
}
