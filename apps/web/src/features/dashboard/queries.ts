import type { CountersResponse, OverviewResponse, PropertyListItem, ZoneItem } from '@parkade/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useList } from '../../ui/resource';

/** Every zone, by name (the dashboard's and patrolling's zone choice). Shares the catalog's cache keys. */
export function useZoneOptions(enabled = true) {
  return useList<ZoneItem>('/zones', { all: true, sort: ['name'] }, { enabled });
}

/** The properties of one zone, by name (central). */
export function usePropertyOptions(zoneId: number | null, enabled = true) {
  return useList<PropertyListItem>(
    '/properties',
    { all: true, sort: ['name'], filter: { zoneId: [String(zoneId)] } },
    { enabled: enabled && zoneId !== null },
  );
}

/** GET /dashboard/counters for a zone and/or a property (central); a tenant gets its own whatever is sent. */
export function useCounters(params: { zoneId?: number | null; propertyId?: number | null }, enabled = true) {
  const query: Record<string, string> = {};
  if (params.zoneId) query.zoneId = String(params.zoneId);
  if (params.propertyId) query.propertyId = String(params.propertyId);
  return useQuery<CountersResponse, RequestError>({
    queryKey: ['/dashboard/counters', query],
    queryFn: () => get<CountersResponse>('/dashboard/counters', query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * GET /dashboard/overview (central): every active property's morning figures, or those of one zone. The language is
 * part of the key: the answer names zones in the reader's language.
 */
export function useOverview(zoneId: number | null) {
  const { i18n } = useTranslation();
  const query: Record<string, string> = zoneId ? { zoneId: String(zoneId) } : {};
  return useQuery<OverviewResponse, RequestError>({
    queryKey: ['/dashboard/overview', query, i18n.resolvedLanguage ?? i18n.language],
    queryFn: () => get<OverviewResponse>('/dashboard/overview', query),
    placeholderData: keepPreviousData,
  });
}
