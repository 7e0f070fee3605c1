import { CENTRAL_AREA_ID } from '../../platform/db/columns';
import {
  binnacleEntrySchema,
  binnaclePropertySchema,
  binnacleUserSchema,
  USER_TYPES,
} from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';

export { binnacleEntrySchema };
import type { Scope } from '../../platform/scope';
import { belongsTo, defineListResource, type IncludeDef, rowsByIds } from '../../platform/list-query';
import { properties } from '../properties/table';
import { roles } from '../roles/table';
import { centralUsers, tenantUsers } from '../users/table';
import { binnacle } from './table';

export const propertySummarySchema = binnaclePropertySchema;
export type PropertySummary = z.infer<typeof propertySummarySchema>;

/** `include=property` for any row carrying a propertyId (binnacle, outbox, …). */
export function propertyInclude<P extends { propertyId: number | null }>(): IncludeDef<P> {
  return belongsTo<P, PropertySummary>({
    description: 'The property (id, code, name) of the row',
    key: (row) => row.propertyId,
    load: (ctx, ids) =>
      rowsByIds(ctx, properties, { id: properties.id, code: properties.code, name: properties.name }, ids),
  });
}

type BinnacleUser = z.infer<typeof binnacleUserSchema> & { key: string };

/** Central and property users live in different tables: the key says which. */
const userKey = (type: string | null, id: number | null) =>
  id === null || type === null ? null : `${type === 'central-user' ? 'c' : 't'}:${id}`;

async function loadUsers(ctx: Scope, keys: (string | number)[]): Promise<BinnacleUser[]> {
  const ids = (prefix: string) =>
    keys
      .map(String)
      .filter((k) => k.startsWith(prefix))
      .map((k) => Number(k.slice(2)));
  const columns = (t: typeof centralUsers | typeof tenantUsers) => ({
    id: t.id,
    fullName: t.fullName,
    email: t.email,
    active: t.active,
    roleId: t.roleId,
  });
  const central = ids('c:');
  const tenant = ids('t:');
  const out: BinnacleUser[] = [];
  // A property's staff never see central users: only central requests load them.
  if (central.length && ctx.area === 'central') {
    const rows = await ctx.tx
      .select(columns(centralUsers))
      .from(centralUsers)
      .where(inArray(centralUsers.id, central));
    out.push(...rows.map((r) => ({ ...r, type: 'central-user' as const, key: `c:${r.id}` })));
  }
  if (tenant.length) {
    const rows = await ctx.tx
      .select({ ...columns(tenantUsers), type: tenantUsers.type })
      .from(tenantUsers)
      .where(
        and(
          inArray(tenantUsers.id, tenant),
          ctx.property ? eq(tenantUsers.propertyId, ctx.property.id) : undefined,
        ),
      );
    out.push(...rows.map((r) => ({ ...r, type: r.type as BinnacleUser['type'], key: `t:${r.id}` })));
  }
  return out;
}

const binnacleColumns = {
  id: binnacle.id,
  propertyId: binnacle.propertyId,
  area: binnacle.area,
  userType: binnacle.userType,
  userId: binnacle.userId,
  userName: binnacle.userName,
  entity: binnacle.entity,
  entityId: binnacle.entityId,
  action: binnacle.action,
  changes: binnacle.changes,
  ip: binnacle.ip,
  userAgent: binnacle.userAgent,
  requestId: binnacle.requestId,
  createdAt: binnacle.createdAt,
};

/**
 * The audit log as a list. A property sees its own entries (row-level security, and the scope below); central
 * staff see every entry and may narrow to a property with filter[propertyId] (`null` = central-only entries).
 */
export const binnacleList = defineListResource({
  table: binnacle,
  select: binnacleColumns,
  scope: (ctx) => (ctx.property ? eq(binnacle.propertyId, ctx.property.id) : undefined),
  filters: {
    entity: {
      type: 'string',
      column: binnacle.entity,
      description: 'The kind of record (tenant_users, auth, …)',
    },
    entityId: { type: 'string', column: binnacle.entityId },
    userId: {
      type: 'number',
      column: binnacle.userId,
      description: 'Combine with userType: ids are per user table',
    },
    userType: { type: 'enum', column: binnacle.userType, values: USER_TYPES, nullable: true },
    action: { type: 'string', column: binnacle.action, description: 'e.g. login.success, update' },
    area: { type: 'enum', column: binnacle.area, values: ['central', 'tenant'] },
    createdAt: { type: 'dateRange', column: binnacle.createdAt, description: 'When it happened' },
    propertyId: {
      type: 'number',
      column: binnacle.propertyId,
      nullable: true,
      nullStored: CENTRAL_AREA_ID,
      areas: ['central'],
    },
  },
  // entity, action and user name, lower-cased into one generated column (table.ts).
  term: { lowercased: binnacle.search },
  sorts: {
    createdAt: binnacle.createdAt,
    id: binnacle.id,
    entity: binnacle.entity,
    action: binnacle.action,
    userName: binnacle.userName,
    propertyId: binnacle.propertyId,
  },
  defaultSort: '-createdAt',
  allowAll: false,
  keysFirst: true,
  includes: {
    property: propertyInclude(),
    user: belongsTo({
      description: 'The user who acted, as now (nested: user.role)',
      key: (e: { userType: string | null; userId: number | null }) => userKey(e.userType, e.userId),
      id: (u: BinnacleUser) => u.key,
      load: loadUsers,
      includes: {
        role: belongsTo({
          key: (u: BinnacleUser) => u.roleId,
          load: (ctx, ids) => rowsByIds(ctx, roles, { id: roles.id, name: roles.name }, ids),
        }),
      },
    }),
  },
});
