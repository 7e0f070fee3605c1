import {
  CAREGIVER_ACTIONS,
  CAREGIVER_TRANSITIONS,
  caregiverBody,
  caregiverBodyFor,
  caregiverItemSchema,
  idParams,
  listResponseSchema,
  messageResponse,
  myCaregiverBody,
  myCaregiverBodyFor,
} from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf } from '../../platform/http';
import { caregiversList, getCaregiver, myCaregiversList, presentPage } from './service';
import * as write from './write';

const tags = ['caregivers'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const my = { areas: ['tenant'] as const, access: 'resident' as const, tags };

/*
 * Staff use the visitors permissions (a caregiver's passes are visitor permits); the resident their own
 * /my/caregivers, where another resident's caregiver is a 404.
 */

const transitionRoutes = CAREGIVER_ACTIONS.map((action) =>
  defineRoute({
    ...scoped,
    method: 'POST',
    url: `/caregivers/:id/${action}`,
    access: 'visitors.edit',
    summary:
      `${action === 'approve' ? 'Approves (or starts again)' : 'Stops'} a caregiver: from ` +
      `${CAREGIVER_TRANSITIONS[action].from.join(' or ')} to ${CAREGIVER_TRANSITIONS[action].to}; otherwise 422`,
    schema: { params: idParams, response: { 200: caregiverItemSchema } },
    handler: (ctx, { params }) => write.transition(ctx, params.id, action),
  }),
);

export const caregiversRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/caregivers',
    access: 'visitors.index',
    summary:
      "Caregivers (residents' recurring visitors): filter[residentId], filter[status] (pending, active, " +
      'stopped); filter[term] searches name, phone and plate; include=resident. Each says its last pass and the ' +
      'last refused renewal in the reader’s language',
    schema: {
      querystring: caregiversList.querystring,
      response: { 200: listResponseSchema(caregiverItemSchema) },
    },
    handler: async (ctx) => presentPage(ctx, await caregiversList.list(ctx, queryOf(ctx.req))),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/caregivers',
    access: 'visitors.create',
    summary:
      "Names a resident's caregiver (plate and days of the week, 0 = Sunday); active at once. A banned plate → 422",
    schema: { body: caregiverBody, response: { 200: caregiverItemSchema } },
    bodySchema: async (ctx) => caregiverBodyFor(ctx.property?.country),
    handler: (ctx, { body }) => write.createCaregiver(ctx, body, 'staff'),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/caregivers/:id',
    access: 'visitors.show',
    summary: 'One caregiver with the resident',
    schema: { params: idParams, response: { 200: caregiverItemSchema } },
    handler: (ctx, { params }) => getCaregiver(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/caregivers/:id',
    access: 'visitors.edit',
    summary: 'Changes a caregiver (the resident stays); a new plate is checked against bans',
    schema: { params: idParams, body: caregiverBody, response: { 200: caregiverItemSchema } },
    bodySchema: async (ctx) => caregiverBodyFor(ctx.property?.country),
    handler: (ctx, { params, body }) => write.updateCaregiver(ctx, params.id, body, 'staff'),
  }),
  ...transitionRoutes,
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/caregivers/:id',
    access: 'visitors.delete',
    summary: 'Deletes a caregiver (no more passes; those issued stay)',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await write.deleteCaregiver(ctx, params.id);
      return deletedMessage(ctx, 'caregivers');
    },
  }),

  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/caregivers',
    summary: "The signed-in resident's caregivers, with each one's last pass and last refused renewal",
    schema: {
      querystring: myCaregiversList.querystring,
      response: { 200: listResponseSchema(caregiverItemSchema) },
    },
    handler: async (ctx) => presentPage(ctx, await myCaregiversList.list(ctx, queryOf(ctx.req))),
  }),
  defineRoute({
    ...my,
    method: 'POST',
    url: '/my/caregivers',
    summary:
      'Names a caregiver of the signed-in resident: pending until staff approve it when the property’s visitor ' +
      'permits need approval, else active',
    schema: { body: myCaregiverBody, response: { 200: caregiverItemSchema } },
    bodySchema: async (ctx) => myCaregiverBodyFor(ctx.property?.country),
    handler: (ctx, { body }) =>
      write.createCaregiver(ctx, { ...body, residentId: ctx.user().id }, 'resident'),
  }),
  defineRoute({
    ...my,
    method: 'GET',
    url: '/my/caregivers/:id',
    summary: "One of the signed-in resident's caregivers (another's is 404)",
    schema: { params: idParams, response: { 200: caregiverItemSchema } },
    handler: (ctx, { params }) => getCaregiver(ctx, params.id, ctx.user().id),
  }),
  defineRoute({
    ...my,
    method: 'PUT',
    url: '/my/caregivers/:id',
    summary:
      "Changes one of the signed-in resident's caregivers (another's is 404); a new plate makes an active " +
      'caregiver pending again when approval is required',
    schema: { params: idParams, body: myCaregiverBody, response: { 200: caregiverItemSchema } },
    bodySchema: async (ctx) => myCaregiverBodyFor(ctx.property?.country),
    handler: async (ctx, { params, body }) => {
      await getCaregiver(ctx, params.id, ctx.user().id);
      return write.updateCaregiver(ctx, params.id, { ...body, residentId: ctx.user().id }, 'resident');
    },
  }),
  defineRoute({
    ...my,
    method: 'DELETE',
    url: '/my/caregivers/:id',
    summary: "Deletes one of the signed-in resident's caregivers (another's is 404)",
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await getCaregiver(ctx, params.id, ctx.user().id);
      await write.deleteCaregiver(ctx, params.id);
      return deletedMessage(ctx, 'caregivers');
    },
  }),
];
