import { PATROLLING_COUNTER_KEYS, type PatrollingProperty } from '@parkade/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { nameIn } from '../../platform/db/catalog-table';
import { defineListResource } from '../../platform/list-query';
import { counterDef } from '../dashboard/service';
import { properties } from '../properties/table';
import { zones } from '../zones/table';

/** Each patrolling counter as a correlated count on the row's property, computed for the page only. */
const counterColumns = Object.fromEntries(
  PATROLLING_COUNTER_KEYS.map((key) => {
    const perProperty = counterDef(key).perProperty;
    if (!perProperty) throw new Error(`counter ${key} has no per-property count`);
    return [key, perProperty(properties.id)];
  }),
) as Record<(typeof PATROLLING_COUNTER_KEYS)[number], SQL<number>>;

/**
 * The properties a patrol officer can pick (central): active properties with their zone and their counters.
 * filter[term] searches name, code, city and address; filter[zoneId] narrows to zones.
 */
export const patrollingPropertiesList = defineListResource({
  table: properties,
  select: {
    id: properties.id,
    code: properties.code,
    name: properties.name,
    address: properties.address,
    city: properties.city,
    zoneId: properties.zoneId,
    timezone: properties.timezone,
    latitude: properties.latitude,
    longitude: properties.longitude,
    ...counterColumns,
  },
  // The zone's name in the reader's language (issue 36 §9).
  selectInLanguage: (lang) => ({ zoneName: nameIn(zones, lang) }),
  joins: (q) => q.leftJoin(zones, eq(zones.id, properties.zoneId)) as unknown as PgSelect,
  scope: () => eq(properties.active, true),
  filters: {
    zoneId: {
      type: 'number',
      column: properties.zoneId,
      nullable: true,
      description: 'The zone of the property; null matches properties without one',
    },
  },
  term: [properties.name, properties.code, properties.city, properties.address],
  sorts: { name: properties.name, code: properties.code, city: properties.city },
  defaultSort: 'name',
  serialize: (row): PatrollingProperty => {
    const zoneName = (row as { zoneName?: string | null }).zoneName ?? null;
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      address: row.address,
      city: row.city,
      zoneId: row.zoneId,
      zone: row.zoneId !== null && zoneName !== null ? { id: row.zoneId, name: zoneName } : null,
      timezone: row.timezone,
      latitude: row.latitude,
      longitude: row.longitude,
      counters: PATROLLING_COUNTER_KEYS.map((key) => ({ key, value: Number(row[key]) })),
    };
  },
});
