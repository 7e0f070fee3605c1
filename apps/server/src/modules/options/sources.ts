import type { OptionSource } from '@parkade/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { nameIn, namesText } from '../../platform/db/catalog-table';
import { defineOptionSource, type OptionList, type OptionSourceSpec } from '../../platform/options';
import type { Scope } from '../../platform/scope';
import { buildings } from '../buildings/table';
import { floors } from '../floors/table';
import { makes } from '../makes/table';
import { models } from '../models/table';
import { permitTypes } from '../permit-types/table';
import { reasons } from '../reasons/table';
import { requestTypes } from '../request-types/table';
import { worksRequests } from '../requests/service';
import { residents, residentUnits } from '../residents/table';
import { spots } from '../spots/table';
import { states } from '../states/table';
import { tows } from '../tows/table';
import { units } from '../units/table';
import { tenantUsers } from '../users/table';
import { vehicles } from '../vehicles/table';
import { warnings } from '../warnings/table';
import { zones } from '../zones/table';

const ids = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${Number(v) || 0}`),
    sql`, `,
  );

/**
 * A global catalog's options: its name in the reader's language (else its default name; issue 36 §9), in the
 * catalog's order (those given a place first, in that order: issue 36 §13), then by that name; searched by code and
 * by its name in any language.
 */
function catalogOptions(
  table: PgTable & { id: PgColumn; name: PgColumn; names: PgColumn; code: PgColumn; position: PgColumn },
  filters: OptionSourceSpec['filters'] = {},
) {
  return defineOptionSource({
    table,
    id: table.id,
    label: (lang) => nameIn(table, lang),
    sort: (lang) => sql`${table.position} nulls last, lower(${nameIn(table, lang)})`,
    filters,
    term: [table.name, table.code, namesText(table)],
  });
}

/**
 * What each option source answers (OPTION_SOURCES in the contract), scoped as the resource's own list is: a
 * property's rows to the request's property, deleted rows left out.
 */
export const OPTION_LISTS: Record<OptionSource, OptionList> = {
  residents: defineOptionSource({
    table: residents,
    id: residents.id,
    label: tenantUsers.fullName,
    detail: tenantUsers.email,
    joins: (q) =>
      q.leftJoin(
        tenantUsers,
        and(eq(tenantUsers.propertyId, residents.propertyId), eq(tenantUsers.id, residents.id)),
      ),
    scope: (ctx: Scope) => and(eq(residents.propertyId, ctx.propertyId), isNull(residents.deletedAt)),
    term: { words: { entity: 'residents', key: residents.id } },
  }),
  units: defineOptionSource({
    table: units,
    id: units.id,
    label: sql`${buildings.name} || ' · ' || ${units.name}`,
    joins: (q) =>
      q.innerJoin(
        buildings,
        and(eq(buildings.propertyId, units.propertyId), eq(buildings.id, units.buildingId)),
      ),
    scope: (ctx: Scope) => eq(units.propertyId, ctx.propertyId),
    filters: {
      buildingId: { type: 'number', column: units.buildingId },
      residentId: {
        type: 'custom',
        description: 'The units any of these residents hold',
        where: (values) =>
          sql`exists (select 1 from ${residentUnits} ru where ru.property_id = ${units.propertyId}
            and ru.unit_id = ${units.id} and ru.resident_id in (${ids(values)}))`,
      },
    },
    term: [units.name, buildings.name],
    sort: sql`lower(${buildings.name} || ' · ' || ${units.name})`,
  }),
  buildings: defineOptionSource({
    table: buildings,
    id: buildings.id,
    label: buildings.name,
    scope: (ctx: Scope) => eq(buildings.propertyId, ctx.propertyId),
    term: [buildings.name],
  }),
  floors: defineOptionSource({
    table: floors,
    id: floors.id,
    label: floors.name,
    scope: (ctx: Scope) => eq(floors.propertyId, ctx.propertyId),
    filters: { buildingId: { type: 'number', column: floors.buildingId } },
    term: [floors.name],
    // By level (floors without one last), then name; options are only ever sorted this way (ascending).
    sort: sql`${floors.level} nulls last, ${floors.name}`,
  }),
  vehicles: defineOptionSource({
    table: vehicles,
    id: vehicles.id,
    label: vehicles.plate,
    detail: makes.name,
    joins: (q) => q.leftJoin(makes, eq(makes.id, vehicles.makeId)),
    scope: (ctx: Scope) => and(eq(vehicles.propertyId, ctx.propertyId), isNull(vehicles.deletedAt)),
    filters: { residentId: { type: 'number', column: vehicles.residentId } },
    term: { columns: [vehicles.plate], plates: [vehicles.plateNormalized] },
    sort: vehicles.plateNormalized,
  }),
  spots: defineOptionSource({
    table: spots,
    id: spots.id,
    label: spots.number,
    scope: (ctx: Scope) => eq(spots.propertyId, ctx.propertyId),
    term: [spots.number, spots.name, spots.spotGroup],
    // Spot 2 before spot 10: the letters, then the number padded.
    sort: sql`lower(regexp_replace(${spots.number}, '[0-9]+', '', 'g')) || lpad(coalesce(substring(${spots.number} from '[0-9]+'), ''), 20, '0')`,
  }),
  'request-workers': defineOptionSource({
    table: tenantUsers,
    id: tenantUsers.id,
    label: tenantUsers.fullName,
    detail: tenantUsers.email,
    scope: (ctx: Scope) => and(eq(tenantUsers.propertyId, ctx.propertyId), worksRequests()),
    term: [tenantUsers.fullName, tenantUsers.email],
  }),
  makes: catalogOptions(makes),
  models: catalogOptions(models, {
    makeId: { type: 'number', column: models.makeId },
  }),
  states: catalogOptions(states),
  reasons: catalogOptions(reasons),
  'permit-types': catalogOptions(permitTypes),
  'request-types': catalogOptions(requestTypes),
  zones: catalogOptions(zones),
  warnings: catalogOptions(warnings),
  tows: catalogOptions(tows),
};
