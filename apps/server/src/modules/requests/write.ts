import {
  REQUEST_FILE_EXTENSIONS,
  REQUEST_FILES_MAX,
  REQUEST_MOVES,
  REQUEST_OPEN_STATUSES,
  type requestBody,
  type requestCommentBody,
  type RequestLinkEntity,
  type RequestStatus,
} from '@parkade/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createRow, updateRow } from '../../platform/crud';
import { fieldError, HttpError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import type { UploadedFile } from '../../platform/uploads';
import { ownedFile, storeFiles } from '../files/service';
import { files } from '../files/table';
import { notify } from '../notifications/service';
import { mailRequester } from './mail';
import { tenantUsers } from '../users/table';
import { requestTypes } from '../request-types/table';
import { ENTITY, EVENT_FILES, getRequest, own, worksRequests, type Reader } from './service';
import { requestEvents, requests } from './table';

const r = requests;

/** The files of a request or a reply: up to REQUEST_FILES_MAX, in `files`, of the types the upload policy allows. */
function filesOf(uploaded: UploadedFile[]): UploadedFile[] {
  const other = uploaded.find((f) => f.field !== 'files');
  if (other) throw fieldError(other.field, 'requests.filesField');
  if (uploaded.length > REQUEST_FILES_MAX)
    throw fieldError('files', 'requests.tooManyFiles', { max: REQUEST_FILES_MAX });
  const allowed = REQUEST_FILE_EXTENSIONS as readonly string[];
  const bad = uploaded.find((f) => !allowed.includes(f.extension));
  if (bad) throw fieldError('files', 'upload.unsupportedType', { types: allowed.join(', ') });
  return uploaded;
}

/** Adds an event to a request's thread (with its files), by the signed-in user; the request is updated now. */
export async function addEvent(
  ctx: Scope,
  requestId: number,
  event: Omit<
    typeof requestEvents.$inferInsert,
    'propertyId' | 'requestId' | 'authorName' | 'authorType' | 'authorId'
  >,
  uploaded: UploadedFile[] = [],
) {
  const user = ctx.user();
  const [row] = await ctx.tx
    .insert(requestEvents)
    .values({
      propertyId: ctx.propertyId,
      requestId,
      authorType: user.type,
      authorId: user.id,
      authorName: user.fullName,
      ...event,
    })
    .returning({ id: requestEvents.id });
  if (uploaded.length) await storeFiles(ctx, uploaded, { entity: EVENT_FILES, entityId: row!.id });
  await ctx.tx.update(r).set({ updatedAt: new Date() }).where(own(ctx, requestId));
}

/**
 * Opens a request for its requester: the signed-in user (POST /my/requests, /my-requests), or a resident staff
 * write it for (POST /requests, a request made by phone or at the desk). The office is told (the bell), unless the
 * request stands for a record made elsewhere (`link`: a permit asked for), whose own notification tells them.
 */
export async function createRequest(
  ctx: Scope,
  body: z.output<typeof requestBody>,
  uploaded: UploadedFile[],
  forResident?: number,
  link?: { entity: RequestLinkEntity; id: number },
) {
  const attached = filesOf(uploaded);
  const [type] = await ctx.tx
    .select({ id: requestTypes.id })
    .from(requestTypes)
    .where(eq(requestTypes.id, body.typeId));
  if (!type) throw fieldError('typeId', 'validation.invalidSelection');
  let requester: { type: string; id: number; name: string };
  if (forResident !== undefined) {
    const [res] = await ctx.tx
      .select({ id: tenantUsers.id, name: tenantUsers.fullName })
      .from(tenantUsers)
      .where(
        and(
          eq(tenantUsers.propertyId, ctx.propertyId),
          eq(tenantUsers.id, forResident),
          eq(tenantUsers.type, 'tenant-resident'),
        ),
      );
    if (!res) throw fieldError('residentId', 'validation.invalidSelection');
    requester = { type: 'tenant-resident', id: res.id, name: res.name };
  } else {
    const user = ctx.user();
    requester = { type: user.type, id: user.id, name: user.fullName };
  }
  const row = await createRow(ctx, r, ENTITY, {
    propertyId: ctx.propertyId,
    typeId: body.typeId,
    subject: body.subject,
    description: body.description,
    status: 'created',
    requesterType: requester.type,
    requesterId: requester.id,
    requesterName: requester.name,
    linkEntity: link?.entity ?? null,
    linkId: link?.id ?? null,
  });
  await addEvent(ctx, row.id, { kind: 'created', body: null }, attached);
  if (!link)
    await notify(ctx, {
      kind: 'requestNew',
      recordId: row.id,
      params: { subject: body.subject, name: requester.name },
    });
  return row.id;
}

/**
 * Tells the requester of a reply or a change (not an internal note, not their own act): the bell, and a resident
 * also by mail (mail.ts) with the reply or the word that came with the change.
 */
async function tellRequester(
  ctx: Scope,
  id: number,
  params: Record<string, string>,
  update: { status: RequestStatus; message: string | null },
) {
  const [row] = await ctx.tx
    .select({ type: r.requesterType, id: r.requesterId, subject: r.subject })
    .from(r)
    .where(own(ctx, id));
  if (!row) return;
  await notify(ctx, {
    kind: 'requestAnswered',
    recordId: id,
    params: { subject: row.subject, ...params },
    to: { type: row.type, id: row.id },
  });
  await mailRequester(
    ctx,
    { id, subject: row.subject, requesterType: row.type, requesterId: row.id },
    update,
  );
}

/**
 * A reply (or, for staff, an internal note) with its files. A requester replies to their own open request; staff
 * reply to any. A reply to the requester tells them; a requester's reply tells the assignee.
 */
export async function comment(
  ctx: Scope,
  id: number,
  body: z.output<typeof requestCommentBody>,
  uploaded: UploadedFile[],
  reader: Reader,
) {
  const attached = filesOf(uploaded);
  const before = await getRequest(ctx, id, reader);
  const internal = reader.staff && body.internal === true;
  if (!reader.staff && !REQUEST_OPEN_STATUSES.includes(before.status))
    throw new HttpError(422, 'requests.closed', { status: t(ctx.lang, `requests.status.${before.status}`) });
  await addEvent(ctx, id, { kind: 'comment', body: body.body, internal }, attached);
  await ctx.audit({ entity: ENTITY, entityId: id, action: 'comment', new: { internal } });
  if (reader.staff && !internal)
    await tellRequester(
      ctx,
      id,
      { variant: 'reply', by: ctx.user().fullName },
      { status: before.status, message: body.body },
    );
  if (!reader.staff && before.assignee?.id)
    await notify(ctx, {
      kind: 'requestAssigned',
      recordId: id,
      params: { subject: before.subject, variant: 'reply', by: ctx.user().fullName },
      to: { type: 'tenant-user', id: before.assignee.id },
    });
  return getRequest(ctx, id, reader);
}

/** POST /requests/:id/status (staff): a move REQUEST_MOVES allows, with an optional word to the requester. */
export async function setStatus(ctx: Scope, id: number, status: RequestStatus, note: string | null) {
  const before = await getRequest(ctx, id, { staff: true });
  if (!REQUEST_MOVES[before.status].includes(status))
    throw new HttpError(422, 'requests.move', {
      from: t(ctx.lang, `requests.status.${before.status}`),
      to: t(ctx.lang, `requests.status.${status}`),
    });
  await updateRow(
    ctx,
    r,
    ENTITY,
    and(own(ctx, id), eq(r.status, before.status))!,
    { status },
    { action: 'status' },
  );
  await addEvent(ctx, id, { kind: 'status', status, body: note });
  await tellRequester(ctx, id, { variant: status }, { status, message: note });
  return getRequest(ctx, id, { staff: true });
}

/** POST /my/requests/:id/cancel, /my-requests/:id/cancel: the requester withdraws an open request. */
export async function cancelOwn(ctx: Scope, id: number, reader: Reader) {
  const before = await getRequest(ctx, id, reader);
  if (!REQUEST_OPEN_STATUSES.includes(before.status))
    throw new HttpError(422, 'requests.closed', { status: t(ctx.lang, `requests.status.${before.status}`) });
  await updateRow(
    ctx,
    r,
    ENTITY,
    and(own(ctx, id), eq(r.status, before.status))!,
    { status: 'canceled' },
    {
      action: 'cancel',
    },
  );
  await addEvent(ctx, id, { kind: 'status', status: 'canceled', body: null });
  if (before.assignee?.id)
    await notify(ctx, {
      kind: 'requestAssigned',
      recordId: id,
      params: { subject: before.subject, variant: 'canceled', by: ctx.user().fullName },
      to: { type: 'tenant-user', id: before.assignee.id },
    });
  return getRequest(ctx, id, reader);
}

/**
 * POST /requests/:id/assign (staff): someone who works requests (worksRequests: active staff of the property whose
 * role may see and work them), or nobody. Another staff user is a 422 naming them; an id of no staff user a 422 at
 * the field. The assignee is told (the bell), unless they assigned it to themselves.
 */
export async function assign(ctx: Scope, id: number, assigneeId: number | null) {
  await getRequest(ctx, id, { staff: true });
  let name: string | null = null;
  if (assigneeId !== null) {
    const [u] = await ctx.tx
      .select({ name: tenantUsers.fullName, works: sql<boolean>`${worksRequests()}` })
      .from(tenantUsers)
      .where(
        and(
          eq(tenantUsers.propertyId, ctx.propertyId),
          eq(tenantUsers.id, assigneeId),
          eq(tenantUsers.type, 'tenant-user'),
        ),
      );
    if (!u) throw fieldError('assigneeId', 'validation.invalidSelection');
    if (!u.works)
      throw new HttpError(
        422,
        'requests.notWorker',
        { name: u.name },
        {
          assigneeId: [{ key: 'requests.notWorker', params: { name: u.name } }],
        },
      );
    name = u.name;
  }
  await updateRow(ctx, r, ENTITY, own(ctx, id), { assigneeId, assigneeName: name }, { action: 'assign' });
  await addEvent(ctx, id, { kind: 'assign', assigneeName: name, internal: true });
  const item = await getRequest(ctx, id, { staff: true });
  if (assigneeId !== null)
    await notify(ctx, {
      kind: 'requestAssigned',
      recordId: id,
      params: { subject: item.subject, variant: 'assigned', by: ctx.user().fullName },
      to: { type: 'tenant-user', id: assigneeId },
    });
  return item;
}

/** GET …/requests/:id/files/:fileId: a file of an event the reader may see (a requester: not of an internal note). */
export async function requestFile(ctx: Scope, id: number, fileId: number, download: boolean, reader: Reader) {
  const item = await getRequest(ctx, id, reader);
  const event = item.events?.find((e) => e.files.some((f) => f.id === fileId));
  if (!event) throw new HttpError(404, 'files.notFound');
  const [row] = await ctx.tx.select({ id: files.id }).from(files).where(eq(files.id, fileId));
  return ownedFile(ctx, { entity: EVENT_FILES, entityId: event.id }, row?.id, download);
}
