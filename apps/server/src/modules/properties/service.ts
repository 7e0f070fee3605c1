import {
  PROPERTY_TYPES,
  propertySettingsSchema,
  type Property,
  type PropertyListItem,
  type PropertyType,
} from '@parkade/contract';
import { eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { nameIn } from '../../platform/db/catalog-table';
import { HttpError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { belongsTo, defineListResource, type FilterDef, rowsByIds } from '../../platform/list-query';
import { zones } from '../zones/table';
import { properties } from './table';

/**
 * Properties (tenants) as central staff read them. The table is global (no row-level security): these routes are
 * central only. The SMTP password is never selected; `mailPasswordSet` says whether one is stored.
 */

/** The columns of a list item: everything but the domains, the email configuration and the logo. */
export const propertyListColumns = {
  id: properties.id,
  code: properties.code,
  name: properties.name,
  type: properties.type,
  zoneId: properties.zoneId,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  county: properties.county,
  zipcode: properties.zipcode,
  country: properties.country,
  timezone: properties.timezone,
  latitude: properties.latitude,
  longitude: properties.longitude,
  languages: properties.languages,
  active: properties.active,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
};

const detailColumns = {
  ...propertyListColumns,
  accessDomain: properties.accessDomain,
  visitorDomain: properties.visitorDomain,
  mailFromAddress: properties.mailFromAddress,
  mailUsername: properties.mailUsername,
  mailHost: properties.mailHost,
  mailPort: properties.mailPort,
  mailTlsInsecure: properties.mailTlsInsecure,
  mailPasswordSet: sql<boolean>`(${properties.mailPasswordEncrypted} is not null)`.mapWith(Boolean),
  logoFileId: properties.logoFileId,
  settings: properties.settings,
};

type ListRow = SelectResultFields<typeof propertyListColumns>;

/** Row → item, field by field: a column added to the table never reaches the answer by accident. */
function toListItem(row: ListRow): PropertyListItem {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type as PropertyType,
    zoneId: row.zoneId,
    address: row.address,
    city: row.city,
    state: row.state,
    county: row.county,
    zipcode: row.zipcode,
    country: row.country,
    timezone: row.timezone,
    latitude: row.latitude,
    longitude: row.longitude,
    languages: row.languages,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A text filter that ignores letter case: `filter[city]=austin,Dallas`. */
export function caseInsensitive(column: Column, description: string): FilterDef {
  return {
    type: 'custom',
    description,
    where: (values): SQL => inArray(sql`lower(${column})`, [...new Set(values.map((v) => v.toLowerCase()))]),
  };
}

export const propertiesList = defineListResource({
  table: properties,
  select: propertyListColumns,
  filters: {
    zoneId: {
      type: 'number',
      column: properties.zoneId,
      nullable: true,
      description: 'The zone of the property; null matches properties without one',
    },
    state: caseInsensitive(properties.state, 'State, ignoring case'),
    city: caseInsensitive(properties.city, 'City, ignoring case'),
    type: { type: 'enum', column: properties.type, values: PROPERTY_TYPES },
    active: { type: 'boolean', column: properties.active },
  },
  term: [properties.name, properties.code, properties.city, properties.address],
  sorts: {
    name: properties.name,
    code: properties.code,
    city: properties.city,
    createdAt: properties.createdAt,
  },
  defaultSort: 'name',
  serialize: (row) => toListItem(row),
  includes: {
    zone: belongsTo({
      description: 'The zone (id, code, name) of the property',
      key: (p: PropertyListItem) => p.zoneId,
      load: (ctx, ids) =>
        rowsByIds(ctx, zones, { id: zones.id, code: zones.code, name: nameIn(zones, ctx.lang) }, ids),
    }),
  },
});

/**
 * The properties a central user may work on (GET /properties/options; issue 36 §1, decision 0039): to a holder of
 * `properties.index`, every property; to other central staff — a patrol officer, a dispatcher — the active ones,
 * the properties patrolled (GET /patrolling/properties lists the same). Id, name (label), code (detail), country and time zone.
 */
export const propertyOptionsList = defineListResource({
  table: properties,
  select: {
    id: properties.id,
    label: properties.name,
    detail: properties.code,
    country: properties.country,
    timezone: properties.timezone,
  },
  scope: (ctx) =>
    ctx.session?.permissions.includes('properties.index') ? undefined : eq(properties.active, true),
  filters: { id: { type: 'number', column: properties.id } },
  term: [properties.name, properties.code, properties.city],
  sorts: { label: properties.name },
  defaultSort: 'label',
});

export async function getProperty(ctx: Scope, id: number): Promise<Property> {
  const [row] = await ctx.tx.select(detailColumns).from(properties).where(eq(properties.id, id));
  if (!row) throw new HttpError(404, 'properties.notFound');
  const [zone] = row.zoneId
    ? await ctx.tx
        .select({ id: zones.id, code: zones.code, name: nameIn(zones, ctx.lang) })
        .from(zones)
        .where(eq(zones.id, row.zoneId))
    : [];
  const { accessDomain, visitorDomain, mailFromAddress, mailUsername, mailHost, mailPort, mailPasswordSet } =
    row;
  return {
    ...toListItem(row),
    accessDomain,
    visitorDomain,
    mailFromAddress,
    mailUsername,
    mailHost,
    mailPort,
    mailPasswordSet,
    mailTlsInsecure: row.mailTlsInsecure,
    logoFileId: row.logoFileId,
    settings: propertySettingsSchema.parse(row.settings ?? {}),
    zone: zone ?? null,
  };
}
