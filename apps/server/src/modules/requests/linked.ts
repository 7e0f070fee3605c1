import {
  PERMIT_REQUEST_TYPE_ID,
  REQUEST_OPEN_STATUSES,
  type PermitItem,
  type RequestLinkEntity,
  type RequestStatus,
} from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { updateRow } from '../../platform/crud';
import { t } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import { ENTITY } from './service';
import { requests } from './table';
import { addEvent, createRequest } from './write';

const r = requests;

/*
 * Requests made elsewhere (decision 0049): what a resident asks for on another page is also a request in the queue,
 * linked to its record, and the record's decision closes it. Today: a permit asked for on /my/permits.
 */

/**
 * The request of type `permit` for a permit the signed-in resident just asked for (pending), in their words (their
 * language), linked to it. The office is told by the permit's own notification (permitPending), not twice.
 */
export async function openPermitRequest(ctx: Scope, permit: PermitItem) {
  const plate = permit.vehicle?.plate ?? '—';
  await createRequest(
    ctx,
    {
      typeId: PERMIT_REQUEST_TYPE_ID,
      subject: t(ctx.lang, 'requests.permit.subject', { plate }),
      description: t(ctx.lang, 'requests.permit.description', { plate, code: permit.code }),
    },
    [],
    undefined,
    { entity: 'permits', id: permit.id },
  );
}

/**
 * Closes the open request linked to a record, if any, with a change of status by the signed-in user (and the word
 * given with the decision, a rejection's reason): done when the permit was approved, canceled when it was not or
 * was deleted. A request staff closed by hand stays as it is. The requester is not told again: the record's
 * decision tells them (the bell, and a permit's decision mail).
 */
export async function closeLinkedRequest(
  ctx: Scope,
  link: { entity: RequestLinkEntity; id: number },
  status: Extract<RequestStatus, 'done' | 'canceled'>,
  note: string | null,
) {
  const [open] = await ctx.tx
    .select({ id: r.id, status: r.status })
    .from(r)
    .where(
      and(
        eq(r.propertyId, ctx.propertyId),
        eq(r.linkEntity, link.entity),
        eq(r.linkId, link.id),
        inArray(r.status, [...REQUEST_OPEN_STATUSES]),
      ),
    );
  if (!open) return;
  await updateRow(
    ctx,
    r,
    ENTITY,
    and(eq(r.propertyId, ctx.propertyId), eq(r.id, open.id), eq(r.status, open.status))!,
    { status },
    { action: 'status' },
  );
  await addEvent(ctx, open.id, { kind: 'status', status, body: note });
}
