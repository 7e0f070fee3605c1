import {
  idParams,
  listResponseSchema,
  myPermitBody,
  myPermitEditBody,
  permitItemSchema,
  suggestPermitCode,
  type MyPermitBody,
  type MyPermitEditBody,
} from '@parkade/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import { defineRoute, queryOf } from '../../platform/http';
import type { Scope } from '../../platform/scope';
import { openPermitRequest } from '../requests/linked';
import { getPermit, myPermitsList } from './service';
import { permits } from './table';
import { createPermit, updatePermit } from './write';

/*
 * The resident's own permits (SPEC §2.3 /my/permits): the staff service with the resident fixed to the signed-in
 * one. A resident asks for a resident permit (type 1) for one of their vehicles; it starts pending and staff
 * approve or reject it in the permit workflow. The edit is the change of vehicle, counted against the resident's
 * changes allowed (reserved permit changes for a reserved-spot permit). Another resident's permit is a 404.
 */

/** The permit type a resident asks for: Resident. Reserved-spot permits come with a reservation, from staff. */
export const RESIDENT_PERMIT_TYPE_ID = 1;

/** The permit if it is the signed-in resident's, else 404. */
export async function myPermit(ctx: Scope, id: number) {
  const [row] = await ctx.tx
    .select({ id: permits.id })
    .from(permits)
    .where(
      and(
        eq(permits.propertyId, ctx.propertyId),
        eq(permits.residentId, ctx.user().id),
        eq(permits.id, id),
        isNull(permits.deletedAt),
      ),
    );
  if (!row) throw notFound('permits');
  return getPermit(ctx, id);
}

/** POST /my/permits: the permit, pending, and its request in the queue (type `permit`, linked; decision 0049). */
export async function requestPermit(ctx: Scope, body: MyPermitBody) {
  const permit = await createPermit(
    ctx,
    {
      code: suggestPermitCode(ctx.property?.code ?? 'P'),
      residentId: ctx.user().id,
      permitTypeId: RESIDENT_PERMIT_TYPE_ID,
      vehicleId: body.vehicleId,
      spotId: null,
      name: null,
      email: null,
      unit: null,
      startDate: body.startDate ?? null,
      endDate: null,
    },
    { requested: true },
  );
  await openPermitRequest(ctx, permit);
  return permit;
}

export async function changeMyPermitVehicle(ctx: Scope, id: number, body: MyPermitEditBody) {
  const before = await myPermit(ctx, id);
  return updatePermit(
    ctx,
    id,
    {
      code: before.code,
      residentId: before.residentId,
      permitTypeId: before.permitTypeId,
      vehicleId: body.vehicleId,
      spotId: before.spotId,
      name: before.name,
      email: before.email,
      unit: before.unit,
      startDate: before.startDate,
      endDate: before.endDate,
    },
    'change-vehicle',
    { self: true },
  );
}

const my = { areas: ['tenant'] as const, access: 'resident' as const, tags: ['permits'] };

export const myPermitsRoutes = [
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/permits',
    summary:
      "The signed-in resident's permits: filter[status] by shown status, vehicleId; filter[term] searches code " +
      'and plate; includes vehicle, permitType, spot',
    schema: {
      querystring: myPermitsList.querystring,
      response: { 200: listResponseSchema(permitItemSchema) },
    },
    handler: (ctx) => myPermitsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...my,
    method: 'POST',
    url: '/my/permits',
    summary:
      'The signed-in resident asks for a resident permit for one of their vehicles: it starts pending (staff ' +
      'approve it), the code is given here; at most as many live permits as vehicles allowed; no banned plate',
    schema: { body: myPermitBody, response: { 200: permitItemSchema } },
    handler: (ctx, { body }) => requestPermit(ctx, body),
  }),
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/permits/:id',
    summary:
      "One of the signed-in resident's permits with its shown status and rejection reason (another's is 404)",
    schema: { params: idParams, response: { 200: permitItemSchema } },
    handler: (ctx, { params }) => myPermit(ctx, params.id),
  }),
  defineRoute({
    ...my,
    method: 'PUT',
    url: '/my/permits/:id',
    summary:
      "Moves one of the signed-in resident's permits to another of their vehicles, counted against their changes " +
      'allowed (reserved permit changes for a reserved-spot permit); another resident’s permit is 404',
    schema: { params: idParams, body: myPermitEditBody, response: { 200: permitItemSchema } },
    handler: (ctx, { params, body }) => changeMyPermitVehicle(ctx, params.id, body),
  }),
];
