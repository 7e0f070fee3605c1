import {
  REPORT_GROUPS,
  type EnforcementReport,
  type OccupancyReport,
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
}

/** The query string of a report: the filters it reads, empty ones left out. */
export function reportParams(search: ReportSearch): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(search)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/**
 * GET /reports/{name} with the page's filters. The language is part of the key: the answer names permit types in the
 * reader's language, so a language switch asks again.
 */
export function useReport<N extends ReportName>(name: N, search: ReportSearch) {
  const { i18n } = useTranslation();
  const params = name === 'occupancy' ? {} : reportParams(search);
  return useQuery<ReportAnswers[N], RequestError>({
    queryKey: ['/reports', name, params, i18n.resolvedLanguage ?? i18n.language],
    queryFn: () => get<ReportAnswers[N]>(`/reports/${name}`, params),
    placeholderData: keepPreviousData,
  });
}
