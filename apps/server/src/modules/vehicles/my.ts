import {
  idParams,
  listResponseSchema,
  myVehicleBody,
  myVehicleBodyFor,
  vehicleAllowanceSchema,
  vehicleItemSchema,
  type myVehicleBody as MyBodySchema,
} from '@parkade/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { notFound } from '../../platform/errors';
import { defineRoute, queryOf } from '../../platform/http';
import type { Scope } from '../../platform/scope';
import { formRulesOf } from '../form-rules/service';
import * as service from './service';
import { vehicles } from './table';

/*
 * The resident's own vehicles (SPEC §2.3 /my/vehicles): the staff service with the owner fixed to the signed-in
 * resident. Another resident's vehicle is a 404, as if it did not exist; the resident's vehicles allowed, the
 * banned plates and the plate's uniqueness apply exactly as for staff.
 */

const mine = (ctx: Scope) =>
  and(
    eq(vehicles.propertyId, ctx.propertyId),
    eq(vehicles.residentId, ctx.user().id),
    isNull(vehicles.deletedAt),
  );

/** The vehicle if it is the signed-in resident's, else 404. */
export async function myVehicle(ctx: Scope, id: number) {
  const [row] = await ctx.tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(mine(ctx), eq(vehicles.id, id)));
  if (!row) throw notFound('vehicles');
  return service.getVehicle(ctx, id);
}

type Body = z.output<typeof MyBodySchema>;

export function createMyVehicle(ctx: Scope, body: Body) {
  return service.createVehicle(
    ctx,
    {
      ...body,
      residentId: ctx.user().id,
      permitTypeId: null,
      spotId: null,
      stickerNumber: null,
    },
    { self: true },
  );
}

export async function updateMyVehicle(ctx: Scope, id: number, body: Body) {
  const before = await myVehicle(ctx, id);
  return service.updateVehicle(ctx, id, {
    ...body,
    residentId: before.residentId,
    permitTypeId: before.permitTypeId,
    spotId: before.spotId,
    stickerNumber: before.stickerNumber,
  });
}

const my = { areas: ['tenant'] as const, access: 'resident' as const, tags: ['vehicles'] };

export const myVehiclesRoutes = [
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/vehicles',
    summary:
      "The signed-in resident's vehicles (filter[term] searches plate, make, model); sorts plate, createdAt",
    schema: {
      querystring: service.myVehiclesList.querystring,
      response: { 200: listResponseSchema(vehicleItemSchema) },
    },
    handler: (ctx) => service.myVehiclesList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/vehicles/allowance',
    summary:
      'How many vehicles the signed-in resident may register (their own limit, else the property\'s) and how ' +
      'many they have',
    schema: { response: { 200: vehicleAllowanceSchema } },
    handler: (ctx) => service.vehicleAllowance(ctx, ctx.user().id),
  }),
  defineRoute({
    ...my,
    method: 'POST',
    url: '/my/vehicles',
    summary:
      'Registers a vehicle of the signed-in resident: their vehicles allowed, banned plates and the unique plate ' +
      'apply as for staff; permit type, spot and sticker are left to staff',
    schema: { body: myVehicleBody, response: { 200: vehicleItemSchema } },
    bodySchema: async (ctx) => myVehicleBodyFor(await formRulesOf(ctx)),
    handler: (ctx, { body }) => createMyVehicle(ctx, body),
  }),
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/vehicles/:id',
    summary: "One of the signed-in resident's vehicles (another's is 404)",
    schema: { params: idParams, response: { 200: vehicleItemSchema } },
    handler: (ctx, { params }) => myVehicle(ctx, params.id),
  }),
  defineRoute({
    ...my,
    method: 'PUT',
    url: '/my/vehicles/:id',
    summary: "Changes one of the signed-in resident's vehicles (another's is 404); staff's fields are kept",
    schema: { params: idParams, body: myVehicleBody, response: { 200: vehicleItemSchema } },
    bodySchema: async (ctx) => myVehicleBodyFor(await formRulesOf(ctx)),
    handler: (ctx, { params, body }) => updateMyVehicle(ctx, params.id, body),
  }),
];
