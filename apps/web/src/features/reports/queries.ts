import type {
  EnforcementReport,
  OccupancyReport,
  PermitsReport,
  ReportGroup,
  ReportName,
  VisitorsReport,
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
