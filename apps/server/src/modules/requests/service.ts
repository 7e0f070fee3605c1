import {
  REQUEST_OPEN_STATUSES,
  REQUEST_STATUSES,
  REQUEST_WORKER_PERMISSIONS,
  type Language,
  type RequestCounts,
  type RequestEvent,
  type RequestItem,
  type RequestLinkEntity,
  type RequestStatus,
} from '@parkade/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { nameIn } from '../../platform/db/catalog-table';
import { notFound } from '../../platform/errors';
import { defineListResource } from '../../platform/list-query';
import type { Scope } from '../../platform/scope';
import { files } from '../files/table';
import { requestTypes } from '../request-types/table';
import { roles } from '../roles/table';
import { tenantUsers } from '../users/table';
import { requestEvents, requests } from './table';

/** The audit log's name of a request, and the owner entity of its events' files. */
export const ENTITY = 'requests';
export const EVENT_FILES = 'request_events';

const r = requests;

/** Who reads: staff of the queue see everything; a requester sees their own, without internal notes. */
export interface Reader {
  staff: boolean;
  /** Set for a requester: only their own requests are found. */
  requester?: { type: string; id: number };
}

/**
 * The property's users (tenant_users) who work requests: active staff whose role holds every
 * REQUEST_WORKER_PERMISSIONS — who may be assigned one (the assignee picker, POST /requests/:id/assign).
 */
export function worksRequests(): SQL {
  const needed = sql.join(
    REQUEST_WORKER_PERMISSIONS.map((p) => sql`${p}`),
    sql`, `,
  );
  return and(
    eq(tenantUsers.type, 'tenant-user'),
    eq(tenantUsers.active, true),
    sql`exists (select 1 from ${roles} where ${roles.id} = ${tenantUsers.roleId}
      and ${roles.permissions} @> array[${needed}]::text[])`,
  )!;
}

export const own = (ctx: Scope, id: number) => and(eq(r.propertyId, ctx.propertyId), eq(r.id, id))!;

/** The signed-in user as a requester (their own requests). */
export function requesterOf(ctx: Scope): Reader {
  const user = ctx.user();
  return { staff: false, requester: { type: user.type, id: user.id } };
}

const columns = {
  id: r.id,
  typeId: r.typeId,
  typeCode: requestTypes.code,
  subject: r.subject,
  description: r.description,
  status: r.status,
  requesterType: r.requesterType,
  requesterId: r.requesterId,
  requesterName: r.requesterName,
  assigneeId: r.assigneeId,
  assigneeName: r.assigneeName,
  linkEntity: r.linkEntity,
  linkId: r.linkId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};

/** The type's name in the reader's language (issue 36 §9). */
const typeNameIn = (lang: Language) => ({ typeName: nameIn(requestTypes, lang) });

function serialize(row: Record<string, unknown>): RequestItem {
  return {
    id: Number(row.id),
    type: { id: Number(row.typeId), code: row.typeCode as string, name: row.typeName as string },
    subject: row.subject as string,
    description: row.description as string,
    status: row.status as RequestStatus,
    requester: {
      type: row.requesterType as string,
      id: Number(row.requesterId),
      name: row.requesterName as string,
    },
    assignee:
      row.assigneeName && row.assigneeId !== null
        ? { id: Number(row.assigneeId), name: row.assigneeName as string }
        : null,
    link:
      row.linkEntity && row.linkId !== null
        ? { entity: row.linkEntity as RequestLinkEntity, id: Number(row.linkId) }
        : null,
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
  };
}

function listOf(scope: (ctx: Scope) => SQL | undefined) {
  return defineListResource<typeof columns, RequestItem>({
    table: r,
    select: columns,
    selectInLanguage: typeNameIn,
    joins: (q) => q.innerJoin(requestTypes, eq(requestTypes.id, r.typeId)),
    scope,
    filters: {
      status: { type: 'enum', column: r.status, values: REQUEST_STATUSES },
      typeId: { type: 'number', column: r.typeId },
      assigneeId: { type: 'number', column: r.assigneeId, nullable: true },
      open: {
        type: 'boolean',
        column: sql`${r.status} in ('created', 'in-process', 'paused')`,
        description: '1: created, in process or paused; 0: done or canceled',
      },
    },
    term: { columns: [r.subject, r.description, r.requesterName] },
    sorts: { createdAt: r.createdAt, updatedAt: r.updatedAt, status: r.status },
    defaultSort: '-createdAt',
    serialize,
  });
}

/** GET /requests: the property's queue. */
export const requestsList = listOf((ctx) => eq(r.propertyId, ctx.propertyId));
/** GET /my/requests and /my-requests: the signed-in user's own. */
export const myRequestsList = listOf((ctx) => {
  const user = ctx.user();
  return and(eq(r.propertyId, ctx.propertyId), eq(r.requesterType, user.type), eq(r.requesterId, user.id));
});

/** The request (with its thread) as the reader may see it; another's, for a requester, is a 404. */
export async function getRequest(ctx: Scope, id: number, reader: Reader): Promise<RequestItem> {
  const where = reader.requester
    ? and(own(ctx, id), eq(r.requesterType, reader.requester.type), eq(r.requesterId, reader.requester.id))
    : own(ctx, id);
  const [row] = await ctx.tx
    .select({ ...columns, ...typeNameIn(ctx.lang) })
    .from(r)
    .innerJoin(requestTypes, eq(requestTypes.id, r.typeId))
    .where(where);
  if (!row) throw notFound(ENTITY);
  return { ...serialize(row), events: await eventsOf(ctx, id, reader.staff) };
}

async function eventsOf(ctx: Scope, requestId: number, staff: boolean): Promise<RequestEvent[]> {
  const e = requestEvents;
  const rows = await ctx.tx
    .select()
    .from(e)
    .where(
      and(
        eq(e.propertyId, ctx.propertyId),
        eq(e.requestId, requestId),
        staff ? undefined : eq(e.internal, false),
      ),
    )
    .orderBy(asc(e.createdAt), asc(e.id));
  const ids = rows.map((x) => String(x.id));
  const attached = ids.length
    ? await ctx.tx
        .select({
          id: files.id,
          name: files.originalName,
          mimeType: files.mimeType,
          entityId: files.entityId,
        })
        .from(files)
        .where(
          and(
            eq(files.propertyId, ctx.propertyId),
            eq(files.entity, EVENT_FILES),
            inArray(files.entityId, ids),
          ),
        )
        .orderBy(asc(files.id))
    : [];
  return rows.map((x) => ({
    id: x.id,
    kind: x.kind as RequestEvent['kind'],
    body: x.body,
    internal: x.internal,
    status: (x.status as RequestStatus | null) ?? null,
    assignee: x.assigneeName,
    author: {
      id: x.authorId,
      name: x.authorName,
      staff: x.authorType === 'tenant-user' || x.authorType === 'central-user',
    },
    files: attached
      .filter((f) => f.entityId === String(x.id))
      .map((f) => ({ id: f.id, name: f.name, mimeType: f.mimeType })),
    createdAt: x.createdAt.toISOString(),
  }));
}

/** GET /requests/counts: per status, open ones assigned to the reader, open ones assigned to nobody. */
export async function counts(ctx: Scope): Promise<RequestCounts> {
  const rows = await ctx.tx
    .select({ status: r.status, n: sql<number>`count(*)::int` })
    .from(r)
    .where(eq(r.propertyId, ctx.propertyId))
    .groupBy(r.status);
  const byStatus = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as RequestCounts['byStatus'];
  for (const row of rows) byStatus[row.status as RequestStatus] = Number(row.n);
  const open = inArray(r.status, [...REQUEST_OPEN_STATUSES]);
  const user = ctx.user();
  const [row] = await ctx.tx
    .select({
      mine: sql<number>`count(*) filter (where ${r.assigneeId} = ${user.id})::int`,
      unassigned: sql<number>`count(*) filter (where ${r.assigneeId} is null)::int`,
    })
    .from(r)
    .where(and(eq(r.propertyId, ctx.propertyId), open));
  return {
    byStatus,
    mine: user.type === 'tenant-user' ? Number(row?.mine ?? 0) : 0,
    unassigned: Number(row?.unassigned ?? 0),
  };
}
