import { ofArea } from '../../platform/db/columns';
import {
  builtInRoleLabelKey,
  USER_EXPORT_COLUMNS,
  USER_STATUSES,
  usersListQuery,
  wallClockIn,
  type ListResponse,
  type UserItem,
  type UserStatus,
} from '@parkade/contract';
import { and, desc, eq, inArray, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { NO_PASSWORD } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { FileAnswer } from '../../platform/file-answer';
import { t } from '../../platform/i18n';
import { qualified } from '../../platform/db/columns';
import { belongsTo, defineListResource, rowsByIds, type ListResource } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import { exportWorkbook } from '../../platform/xlsx';
import { contentDisposition } from '../files/service';
import { propertyTimeZone } from '../properties/dates';
import { roles } from '../roles';
import { mailOutbox } from '../outbox/table';
import { centralUsers, tenantUsers, userInvitations } from './table';

/*
 * Staff users (decision 0021), the read side: which users a request works on, the list, one user, the export.
 * write.ts changes them, invitations.ts invites them, sessions.ts shows and ends their sessions.
 */

/**
 * The staff a request works on: a property's (`tenant_users` of type tenant-user) when the scope has a property —
 * its own address, or the central area with it selected — else the central staff (`central_users`).
 */
export interface Staff {
  area: 'central' | 'tenant';
  propertyId: number | null;
  /** The audit log's entity of these users. */
  entity: 'central_users' | 'tenant_users';
  /**
   * The table, typed as the central one: the columns both tables share have the same names and types, and each
   * column object renders its own table's name. Conditions on the tenant table's own columns come from `ownStaff`.
   */
  table: typeof centralUsers;
}

export function staffOf(ctx: Pick<Scope, 'property'>): Staff {
  return ctx.property
    ? {
        area: 'tenant',
        propertyId: ctx.property.id,
        entity: 'tenant_users',
        table: tenantUsers as unknown as typeof centralUsers,
      }
    : { area: 'central', propertyId: null, entity: 'central_users', table: centralUsers };
}

/** The scope's staff (and the one with this id): a property's own staff users only, never residents or visitors. */
export function ownStaff(ctx: Pick<Scope, 'property'>, id?: number): SQL {
  if (ctx.property)
    return and(
      eq(tenantUsers.propertyId, ctx.property.id),
      eq(tenantUsers.type, 'tenant-user'),
      id === undefined ? undefined : eq(tenantUsers.id, id),
    )!;
  return id === undefined ? sql`true` : eq(centralUsers.id, id);
}

/** Rows of a mixed table (sessions, resets, invitations) that belong to the staff's area and property. */
export function ofStaff(staff: Staff, table: { area: Column; propertyId: Column }): SQL {
  return and(eq(table.area, staff.area), ofArea(table.propertyId, staff.propertyId))!;
}

/** The outbox's kind of an invitation mail. */
export const INVITATION_MAIL_KIND = 'user-invitation' as const;

/**
 * The invitation mails of the staff's area and property written with the invitation `createdAt` (in the same
 * transaction, so at the same `now()`) and not sent yet: they still hold their body, and the link in it. A sent
 * mail's body is dropped on delivery, the link with it.
 */
export function unsentInvitationMail(staff: Staff, createdAt: SQL): SQL {
  const m = mailOutbox;
  return and(
    eq(m.kind, INVITATION_MAIL_KIND),
    ofArea(m.propertyId, staff.propertyId),
    eq(m.createdAt, createdAt),
    ne(m.status, 'sent'),
  )!;
}

/** invited until a password is set (from the invitation), active, or inactive once deactivated. */
export const statusSql = (u: typeof centralUsers) =>
  sql<UserStatus>`(case when not ${u.active} then 'inactive' when ${u.passwordHash} = ${NO_PASSWORD} then 'invited' else 'active' end)`;

const columnsOf = (u: typeof centralUsers) => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  email: u.email,
  phone: u.phone,
  roleId: u.roleId,
  language: u.language,
  active: u.active,
  status: statusSql(u),
  lastLoginAt: u.lastLoginAt,
  recoveryAt: u.recoveryAt,
  twoFactorEnabledAt: u.twoFactorEnabledAt,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});
type Row = SelectResultFields<ReturnType<typeof columnsOf>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function serialize(row: Row): UserItem {
  return {
    id: Number(row.id),
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    roleId: row.roleId === null ? null : Number(row.roleId),
    language: row.language,
    active: row.active,
    status: row.status,
    lastLoginAt: iso(row.lastLoginAt),
    recoveryAt: iso(row.recoveryAt),
    invitation: null,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const roleInclude = belongsTo({
  description: "The user's role: { id, name }",
  key: (u: UserItem) => u.roleId,
  load: (ctx, ids) => rowsByIds(ctx, roles, { id: roles.id, name: roles.name }, ids),
});

function usersListFor(u: typeof centralUsers): ListResource<UserItem> {
  return defineListResource({
    table: u,
    select: columnsOf(u),
    scope: (ctx) => ownStaff(ctx),
    filters: {
      roleId: { type: 'number', column: u.roleId, nullable: true },
      status: { type: 'enum', column: statusSql(u), values: USER_STATUSES },
    },
    term: [u.fullName, u.username, u.email, u.phone],
    sorts: {
      fullName: u.fullName,
      username: u.username,
      email: u.email,
      lastLoginAt: u.lastLoginAt,
      createdAt: u.createdAt,
    },
    defaultSort: usersListQuery.defaultSort,
    includes: { role: roleInclude },
    serialize: (row) => serialize(row),
  });
}

const centralList = usersListFor(centralUsers);
const tenantList = usersListFor(tenantUsers as unknown as typeof centralUsers);
/** The documented query string of GET /users and its export (the same in both areas). */
export const usersQuerystring = centralList.querystring;

// The server's list is the contract's (usersListQuery), or the start fails here.
{
  const def = centralList.def;
  const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();
  if (
    !same(Object.keys(def.filters ?? {}), usersListQuery.filters) ||
    !same(Object.keys(def.sorts), usersListQuery.sorts) ||
    !same(Object.keys(def.includes ?? {}), usersListQuery.includes)
  )
    throw new Error('users: the list differs from usersListQuery');
}

/**
 * Each user's latest invitation, in one query for a page; `linkKept` when it is still open and its mail unsent
 * (its link can be copied: GET /users/:id/invitation/link).
 */
async function withInvitations(ctx: Scope, items: UserItem[]): Promise<void> {
  if (!items.length) return;
  const i = userInvitations;
  const staff = staffOf(ctx);
  const rows = await ctx.tx
    .selectDistinctOn([i.userId], {
      userId: i.userId,
      sentAt: i.createdAt,
      expiresAt: i.expiresAt,
      acceptedAt: i.acceptedAt,
      linkKept: sql<boolean>`(${i.acceptedAt} is null and ${i.retiredAt} is null and ${i.expiresAt} > now()
        and exists (select 1 from ${mailOutbox} where ${unsentInvitationMail(staff, sql`${qualified(i.createdAt)}`)}))`,
    })
    .from(i)
    .where(
      and(
        ofStaff(staff, i),
        inArray(
          i.userId,
          items.map((x) => x.id),
        ),
      ),
    )
    .orderBy(i.userId, desc(i.createdAt), desc(i.id));
  const byUser = new Map(rows.map((r) => [Number(r.userId), r]));
  for (const item of items) {
    const r = byUser.get(item.id);
    item.invitation = r
      ? {
          sentAt: r.sentAt.toISOString(),
          expiresAt: r.expiresAt.toISOString(),
          acceptedAt: iso(r.acceptedAt),
          linkKept: Boolean(r.linkKept),
        }
      : null;
  }
}

/** GET /users: the scope's staff, with the list engine (usersListQuery). */
export async function listUsers(ctx: Scope, query: string): Promise<ListResponse<UserItem>> {
  const page = await (ctx.property ? tenantList : centralList).list(ctx, query);
  await withInvitations(ctx, page.data);
  return page;
}

/** GET /users/:id: one of the scope's staff, with its role and latest invitation; 404 for anyone else. */
export async function getUser(ctx: Scope, id: number): Promise<UserItem> {
  const u = staffOf(ctx).table;
  const [row] = await ctx.tx.select(columnsOf(u)).from(u).where(ownStaff(ctx, id));
  if (!row) throw notFound('users');
  const item = serialize(row);
  const [role] = item.roleId
    ? await rowsByIds(ctx, roles, { id: roles.id, name: roles.name }, [item.roleId])
    : [];
  item.role = role ? { id: Number(role.id), name: role.name } : null;
  await withInvitations(ctx, [item]);
  return item;
}

/** A role's name as people read it: a built-in role's in the language, never its code (issue 36 §9). */
function roleWords(lang: Scope['lang'], name: string): string {
  const key = builtInRoleLabelKey(name);
  return key ? t(lang, key) : name;
}

/** GET /users/export: the rows the list's filters, term and sort select (every page), as .xlsx. */
export async function exportUsers(ctx: Scope, query: string): Promise<FileAnswer> {
  const params = new URLSearchParams(query);
  for (const k of ['page', 'pageSize', 'all', 'include']) params.delete(k);
  params.set('all', '1');
  params.set('include', 'role');
  const { data } = await listUsers(ctx, params.toString());
  const lang = ctx.lang;
  const dates = new Set(['lastLoginAt', 'recoveryAt', 'createdAt']);
  // A property's staff in its zone, written as its wall clock (a cell's date has no zone; the header names it);
  // central staff in UTC (decision 0039 §12).
  const zone = ctx.property ? await propertyTimeZone(ctx) : 'UTC';
  const date = (v: string | null) => (v ? wallClockIn(v, zone) : null);
  const body = await exportWorkbook({
    sheet: t(lang, 'users.sheet'),
    columns: USER_EXPORT_COLUMNS.map((key) => ({
      key,
      header: dates.has(key) ? `${t(lang, `users.fields.${key}`)} (${zone})` : t(lang, `users.fields.${key}`),
      width: key === 'email' || key === 'fullName' ? 30 : 18,
      ...(dates.has(key) ? { dateFormat: 'yyyy-mm-dd hh:mm' } : {}),
    })),
    rows: data.map((x) => ({
      fullName: x.fullName,
      username: x.username,
      email: x.email,
      phone: x.phone,
      // A built-in role by its name in the reader's language, never its code (issue 36 §9).
      role: x.role ? roleWords(lang, x.role.name) : null,
      language: x.language,
      status: t(lang, `users.status.${x.status}`),
      lastLoginAt: date(x.lastLoginAt),
      recoveryAt: date(x.recoveryAt),
      createdAt: date(x.createdAt),
    })),
  });
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    disposition: contentDisposition('users.xlsx', 'attachment'),
  };
}
