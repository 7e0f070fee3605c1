import {
  formBoolean,
  idParams,
  idSchema,
  listResponseSchema,
  PERMIT_WARNING_ACTION_PERMISSIONS,
  PERMIT_WARNING_PHOTOS_MAX,
  PERMIT_WARNING_TRANSITIONS,
  permitWarningBody,
  permitWarningDecisionBody,
  permitWarningItemSchema,
  permitWarningListItemSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { getPermitWarning, permitWarningsList } from './service';
import * as write from './write';

const tags = ['permit-warnings'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
const photoParams = z.object({ id: idSchema, fileId: idSchema });

const decisions = (['approve', 'reject', 'cancel'] as const).map((action) =>
  defineRoute({
    ...scoped,
    method: 'POST',
    url: `/permit-warnings/:id/${action}`,
    access: PERMIT_WARNING_ACTION_PERMISSIONS[action],
    roundOnly: true,
    summary:
      `${action[0]!.toUpperCase()}${action.slice(1)}s a warning (optional note): from ` +
      `${PERMIT_WARNING_TRANSITIONS[action].from.join(' or ')} to ${PERMIT_WARNING_TRANSITIONS[action].to}; ` +
      'any other status → 409 naming it' +
      (action === 'cancel' ? '; a warning with a tow that is not cancelled → 409' : ''),
    schema: { params: idParams, body: permitWarningDecisionBody, response: { 200: permitWarningItemSchema } },
    handler: (ctx, { params, body }) => write.decide(ctx, params.id, action, body.note),
  }),
);

export const permitWarningsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/permit-warnings',
    access: 'permit-warnings.index',
    summary:
      'Warnings of the property, pending first (newest first within a status): filters status, plate ' +
      '(normalised), from/to (days asked); filter[term] searches the plate, spot and place; sorts status, createdAt',
    schema: {
      querystring: permitWarningsList.querystring,
      response: { 200: listResponseSchema(permitWarningListItemSchema) },
    },
    handler: (ctx) => permitWarningsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/permit-warnings',
    access: 'permit-warnings.create',
    roundOnly: true,
    summary:
      'An officer checked in at the property asks to place a warning (warnings catalog type, reasons catalog ' +
      'reason, note) on the car of an observation of their active check-in that has a plate. Pending; the staff ' +
      'who decide warnings are emailed. No active check-in → 422; one live warning per observation → 409',
    schema: { body: permitWarningBody, response: { 200: permitWarningItemSchema } },
    handler: (ctx, { body }) => write.createPermitWarning(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/permit-warnings/:id',
    access: 'permit-warnings.show',
    roundOnly: true,
    summary:
      'One warning: type, reason, the observation (spot, place, notes, time, photos), the check-in position, ' +
      'the lookup when asked, who asked, decided and placed it and when, the placement and later photos, when a ' +
      'tow becomes possible (towCheck), its tow, and the actions the caller may take now',
    schema: { params: idParams, response: { 200: permitWarningItemSchema } },
    handler: (ctx, { params }) => getPermitWarning(ctx, params.id),
  }),
  ...decisions,
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/permit-warnings/:id/place',
    access: 'permit-warnings.place',
    roundOnly: true,
    multipart: 'files',
    summary:
      `The officer placed the approved warning: photos of it on the car (field \`photos\`, 1 to ` +
      `${PERMIT_WARNING_PHOTOS_MAX}, png, jpg or webp under the upload policy). Needs an active check-in at the ` +
      'property; sets placedAt, from which the tow grace time runs. From any status but approved → 409',
    schema: { params: idParams, response: { 200: permitWarningItemSchema } },
    handler: (ctx, { params }) => write.place(ctx, params.id, ctx.files),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/permit-warnings/:id/photos/:fileId',
    access: 'permit-warnings.show',
    summary:
      "A photo of the warning's placement, of its observation, or of a later observation of the plate: bytes " +
      'inline (or ?download=1); any other file → 404',
    schema: { params: photoParams, querystring: z.object({ download: formBoolean.optional() }) },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await write.warningPhoto(ctx, params.id, params.fileId, query.download === true)),
  }),
];
