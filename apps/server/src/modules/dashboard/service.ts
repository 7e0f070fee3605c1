import {
  hasPermission,
  WAITING,
  WAITING_KEYS,
  type Area,
  type Counter,
  type CounterKey,
  type WaitingKey,
  type WaitingResponse,
} from '@parkade/contract';
import { and, eq, inArray, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db';
import type { Scope } from '../../platform/scope';
import { binnacle } from '../binnacle/table';
import { mailOutbox } from '../outbox/table';
import { permitWarnings } from '../permit-warnings/table';
import { permits } from '../permits/table';
import { spotReports } from '../spot-reports/table';
import { shownStatusSql as visitorShownStatus } from '../visitors/service';
import { visitors } from '../visitors/table';
import { properties } from '../properties/table';
import { residents } from '../residents/table';
import { centralUsers, tenantUsers } from '../users/table';

/**
 * What a count covers: one property, the properties of a zone, or everything (central only). `on` narrows a
 * query by its property_id column; row-level security narrows the tenant area as well.
 */
export interface CounterScope {
  /** The condition on a property_id column; undefined when everything is counted. */
  on: (propertyId: Column) => SQL | undefined;
  /** Central, with no property or zone chosen: counts that belong to no property (central users) apply. */
  everything: boolean;
}

/**
 * One counter of the dashboard (and, with `perProperty`, of the patrolling screen). A later module adds a
 * counter by adding its key to COUNTER_KEYS (contract), its label to translations/dashboard.json, and one entry
 * to COUNTERS below, usually with `tenantRows`.
 */
export interface CounterDef {
  key: CounterKey;
  /** The areas whose dashboard shows it. */
  areas: readonly Area[];
  /** A count that belongs to no property: shown only when the scope is everything. */
  global?: boolean;
  count: (tx: Tx, scope: CounterScope) => Promise<number>;
  /** The same count for one property, as a correlated subquery on a properties.id expression. */
  perProperty?: (propertyId: Column | SQL) => SQL<number>;
}

async function countOf(tx: Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(row?.n ?? 0);
}

/** A counter of a tenant table's rows (optionally only those matching `where`), in both areas. */
function tenantRows(key: CounterKey, table: PgTable, propertyIdColumn: Column, where?: SQL): CounterDef {
  return {
    key,
    areas: ['central', 'tenant'],
    count: (tx, scope) => countOf(tx, table, and(where, scope.on(propertyIdColumn))),
    perProperty: (propertyId) =>
      sql<number>`(select count(*)::int from ${table} where ${and(where, sql`${propertyIdColumn} = ${propertyId}`)})`,
  };
}

/** Midnight of the current day in a timezone (an IANA name), as a timestamptz. */
const startOfToday = (timezone: SQL) =>
  sql`(date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone})`;

export const COUNTERS: CounterDef[] = [
  {
    key: 'properties',
    areas: ['central'],
    count: (tx, scope) => countOf(tx, properties, scope.on(properties.id)),
  },
  {
    key: 'centralUsers',
    areas: ['central'],
    global: true,
    count: (tx) => countOf(tx, centralUsers, undefined),
  },
  tenantRows('staffUsers', tenantUsers, tenantUsers.propertyId, eq(tenantUsers.type, 'tenant-user')),
  // The residents the residents list shows: a deleted one (kept for restore) is not counted.
  tenantRows(
    'residents',
    tenantUsers,
    tenantUsers.propertyId,
    and(
      eq(tenantUsers.type, 'tenant-resident'),
      sql`not exists (select 1 from ${residents} where ${residents.propertyId} = ${tenantUsers.propertyId} and ${residents.id} = ${tenantUsers.id} and ${residents.deletedAt} is not null)`,
    ),
  ),
  {
    // Entries since midnight of each property's own day (its timezone); central-only entries by UTC.
    key: 'binnacleToday',
    areas: ['central', 'tenant'],
    async count(tx, scope) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(binnacle)
        .leftJoin(properties, eq(properties.id, binnacle.propertyId))
        .where(
          and(
            sql`${binnacle.createdAt} >= ${startOfToday(sql`coalesce(${properties.timezone}, 'UTC')`)}`,
            scope.on(binnacle.propertyId),
          ),
        );
      return Number(row?.n ?? 0);
    },
  },
  {
    key: 'mailPending',
    areas: ['central', 'tenant'],
    count: (tx, scope) =>
      countOf(tx, mailOutbox, and(eq(mailOutbox.status, 'pending'), scope.on(mailOutbox.propertyId))),
  },
];

export function counterDef(key: CounterKey): CounterDef {
  const def = COUNTERS.find((c) => c.key === key);
  if (!def) throw new Error(`no counter ${key}`);
  return def;
}

/** The scope of a dashboard request: the tenant's property, or the central choice of property and zone. */
export function scopeOf(ctx: Scope, query: { zoneId?: number; propertyId?: number }): CounterScope {
  if (ctx.property) {
    const id = ctx.property.id;
    return { on: (column) => eq(column, id), everything: false };
  }
  const { zoneId, propertyId } = query;
  const conditions = (column: Column) => [
    propertyId !== undefined ? eq(column, propertyId) : undefined,
    zoneId !== undefined
      ? inArray(
          column,
          ctx.tx.select({ id: properties.id }).from(properties).where(eq(properties.zoneId, zoneId)),
        )
      : undefined,
  ];
  return {
    on: (column) => and(...conditions(column)),
    everything: zoneId === undefined && propertyId === undefined,
  };
}

/** `GET /dashboard/counters`: every counter of the area for the scope, in COUNTERS order. */
export async function counters(
  ctx: Scope,
  query: { zoneId?: number; propertyId?: number },
): Promise<{ counters: Counter[] }> {
  const scope = scopeOf(ctx, query);
  const out: Counter[] = [];
  for (const def of COUNTERS) {
    if (!def.areas.includes(ctx.area) || (def.global && !scope.everything)) continue;
    out.push({ key: def.key, value: await def.count(ctx.tx, scope) });
  }
  return { counters: out };
}

/**
 * What each waiting item counts: the rows its list shows under its filter (WAITING in the contract). Visitors are
 * counted by the list's own shown status: a pending one whose validity has passed is shown expired and no longer
 * waits.
 */
const WAITING_COUNTS: Record<WaitingKey, (tx: Tx, scope: CounterScope) => Promise<number>> = {
  permitsPending: (tx, scope) =>
    countOf(
      tx,
      permits,
      and(eq(permits.status, 'pending'), isNull(permits.deletedAt), scope.on(permits.propertyId)),
    ),
  visitorsPending: (tx, scope) =>
    countOf(
      tx,
      visitors,
      and(
        sql`${visitorShownStatus} = 'pending'`,
        isNull(visitors.deletedAt),
        scope.on(visitors.propertyId),
      ),
    ),
  warningsPending: (tx, scope) =>
    countOf(
      tx,
      permitWarnings,
      and(eq(permitWarnings.status, 'pending'), scope.on(permitWarnings.propertyId)),
    ),
  spotReportsOpen: (tx, scope) =>
    countOf(tx, spotReports, and(isNull(spotReports.resolvedAt), scope.on(spotReports.propertyId))),
};

/** `GET /dashboard/waiting`: the items the user may open and act on, counted for the scope. */
export async function waiting(
  ctx: Scope,
  query: { zoneId?: number; propertyId?: number },
): Promise<WaitingResponse> {
  const granted = ctx.session?.permissions ?? [];
  const scope = scopeOf(ctx, query);
  const items: WaitingResponse['items'] = [];
  for (const key of WAITING_KEYS) {
    if (!WAITING[key].needs.every((p) => hasPermission(granted, p))) continue;
    items.push({ key, count: await WAITING_COUNTS[key](ctx.tx, scope) });
  }
  return { items };
}
