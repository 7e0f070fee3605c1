import {
  BULK_MAX,
  bulkOutcomeSchema,
  idParams,
  listResponseSchema,
  messageResponse,
  residentBody,
  residentBodyFor,
  residentBulkStatusBody,
  residentIdsBody,
  residentImportBody,
  residentImportStartedSchema,
  residentImportStatusSchema,
  residentItemSchema,
  residentPasswordBody,
  residentRestoreBody,
  residentsQueuedSchema,
  residentStatusBody,
  publicResidentSchema,
  publicResidentRegisterBody,
  publicResidentRegisterBodyFor,
  residentSignatureBody,
  residentTokenSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { requireFile } from '../../platform/uploads';
import { bulkSetStatus } from './bulk';
import { agreementPdf, exportResidents, policiesPdf } from './documents';
import { importStatus, residentsTemplate, startImport } from './import';
import { queueParkingPolicies, sendAgreement, sendPasswordLink, sendPasswordLinks } from './mail';
import * as publicLink from './public';
import * as service from './service';
import * as write from './write';
import { contentDisposition } from '../files/service';
import { formRulesOf } from '../form-rules/service';

const tags = ['residents'];

const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };
/** The resident's own link (/register/residents/{token}): public calls of the tenant area; the token names them. */
const throughLink = { areas: ['tenant'] as const, tags, access: 'public' as const };
const linkQuery = z.object({ token: residentTokenSchema });

const blob = (name: string) => ({
  summary: name,
});

export const residentsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents',
    access: 'residents.index',
    summary:
      'Residents of the property (not deleted): filters status, unitId, buildingId, leaseExpired; filter[term] ' +
      'searches name, email, phone, code and unit; sorts fullName, email, createdAt, leaseExpirationAt, code, ' +
      'status; includes units, vehicles, permits',
    schema: {
      querystring: service.residentsList.querystring,
      response: { 200: listResponseSchema(residentItemSchema) },
    },
    handler: (ctx) => service.listResidents(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents/deleted',
    access: 'residents.deleted',
    summary: 'Deleted residents (restorable): sorts fullName, deletedAt (default -deletedAt); include units',
    schema: {
      querystring: service.deletedResidentsList.querystring,
      response: { 200: listResponseSchema(residentItemSchema) },
    },
    handler: (ctx) => service.listDeletedResidents(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/residents',
    access: 'residents.create',
    summary:
      'Creates a resident (a tenant user of type tenant-resident) holding one or more units; without a password ' +
      'the resident is emailed a link to choose one',
    schema: { body: residentBody, response: { 200: residentItemSchema } },
    bodySchema: async (ctx) => residentBodyFor(await formRulesOf(ctx), ctx.property?.country),
    handler: (ctx, { body }) => write.createResident(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents/export',
    rateLimit: 'export',
    access: 'residents.export',
    ...blob(
      'The residents the list parameters select (filters, term, sort), as .xlsx; formula-like text neutralised',
    ),
    schema: { querystring: service.residentsList.querystring },
    handler: async (ctx) => sendFile(ctx.reply, await exportResidents(ctx, queryOf(ctx.req))),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents/template',
    rateLimit: 'export',
    access: 'residents.import',
    summary:
      'The .xlsx template of the residents import (name, email, phone, building, unit, code, language, lease_expiration)',
    handler: async (ctx) => {
      const buf = await residentsTemplate(ctx.lang);
      ctx.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('residents-template.xlsx', 'attachment'));
      return buf;
    },
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/residents/import',
    access: 'residents.import',
    multipart: 'spreadsheet',
    summary:
      'Starts a residents import from an .xlsx (field `file`). Wrong headers → 422 at once; otherwise answers the ' +
      "import's id while a background job checks every row (any bad row: nothing is written) and then writes them, " +
      "each with the status the property's rules give a new resident; `sendLinks=1` emails each new resident their " +
      'own link as they are written. Follow it with GET /residents/import-status/{id}',
    schema: { body: residentImportBody, response: { 200: residentImportStartedSchema } },
    handler: (ctx, { body }) => startImport(ctx, requireFile(ctx.files, 'file'), body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents/import-status/:id',
    access: 'residents.import',
    summary:
      'State of an import: queued, checking, importing, done, rejected (with each refused row), failed',
    schema: { params: idParams, response: { 200: residentImportStatusSchema } },
    handler: (ctx, { params }) => importStatus(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/residents/sendBulkParkingPolice',
    access: 'residents.mass-email',
    summary: 'Queues the parking policies email to the residents named by `ids` (sent by a background job)',
    schema: { body: residentIdsBody, response: { 200: residentsQueuedSchema } },
    handler: (ctx, { body }) => queueParkingPolicies(ctx, body.ids),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/residents/sendBulkPasswordLinks',
    access: 'residents.password',
    summary:
      'Emails each resident named by `ids` a link to choose a password (valid 72 hours); those without an email are counted in the answer',
    schema: { body: residentIdsBody, response: { 200: residentsQueuedSchema } },
    handler: (ctx, { body }) => sendPasswordLinks(ctx, body.ids),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/residents/bulk/status',
    access: 'residents.status',
    summary:
      `Sets the status of the residents named by \`ids\` (at most ${BULK_MAX}), each as PUT /residents/{id}/status ` +
      'does (inactive and suspended residents cannot sign in; audited per resident); answers how many were done ' +
      'and each skipped with the reason, translated',
    schema: { body: residentBulkStatusBody, response: { 200: bulkOutcomeSchema } },
    handler: (ctx, { body }) => bulkSetStatus(ctx, body.ids, body.status),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents/:id',
    access: 'residents.show',
    summary: 'One resident with their units',
    schema: { params: idParams, response: { 200: residentItemSchema } },
    handler: (ctx, { params }) => service.getResident(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/residents/:id',
    access: 'residents.edit',
    summary: 'Changes a resident (a new password is optional; units are replaced by unitIds)',
    schema: { params: idParams, body: residentBody, response: { 200: residentItemSchema } },
    bodySchema: async (ctx) => residentBodyFor(await formRulesOf(ctx), ctx.property?.country),
    handler: (ctx, { params, body }) => write.updateResident(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/residents/:id/status',
    access: 'residents.status',
    summary: 'Sets the status; inactive and suspended residents cannot sign in (their sessions end)',
    schema: { params: idParams, body: residentStatusBody, response: { 200: residentItemSchema } },
    handler: (ctx, { params, body }) => write.setStatus(ctx, params.id, body.status),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/residents/:id/password',
    access: 'residents.password',
    summary: "Sets the resident's password (and ends their sessions)",
    schema: { params: idParams, body: residentPasswordBody, response: { 200: messageResponse } },
    handler: (ctx, { params, body }) => write.setPassword(ctx, params.id, body.password),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/residents/:id/resendPassword',
    access: 'residents.password',
    summary: 'Emails the resident a new link to choose a password (valid 72 hours)',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: (ctx, { params }) => sendPasswordLink(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/residents/:id/resendAgreement',
    access: 'residents.resend-agreement',
    summary: 'Emails the resident the request to read and sign the parking agreement',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: (ctx, { params }) => sendAgreement(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents/:id/download/parkingPolicies',
    rateLimit: 'document',
    access: 'residents.show',
    summary: "The property's parking policies as PDF, in the resident's language",
    schema: { params: idParams },
    handler: async (ctx, { params }) => sendFile(ctx.reply, await policiesPdf(ctx, params.id)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/residents/:id/download/agreement',
    rateLimit: 'document',
    access: 'residents.show',
    summary: "The resident's parking permit agreement as PDF (with their signature once signed)",
    schema: { params: idParams },
    handler: async (ctx, { params }) => sendFile(ctx.reply, await agreementPdf(ctx, params.id)),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/residents/:id',
    access: 'residents.delete',
    summary:
      'Deletes a resident: they cannot sign in; their vehicles and permits are deleted with them (restorable)',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await write.deleteResident(ctx, params.id);
      return deletedMessage(ctx, 'residents');
    },
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/residents/:id/restore',
    access: 'residents.restore',
    summary:
      'Restores a deleted resident to a unit with a new lease end; their vehicles, permits and visitor history ' +
      'come back with them',
    schema: { params: idParams, body: residentRestoreBody, response: { 200: messageResponse } },
    handler: (ctx, { params, body }) => write.restoreResident(ctx, params.id, body),
  }),
  defineRoute({
    ...throughLink,
    method: 'GET',
    url: '/public/residents/token/:token',
    rateLimit: 'publicLink',
    summary:
      "The resident named by their link: details, units, whether they signed, and the agreement's text",
    schema: { params: z.object({ token: residentTokenSchema }), response: { 200: publicResidentSchema } },
    handler: (ctx, { params }) => publicLink.publicResident(ctx, params.token),
  }),
  defineRoute({
    ...throughLink,
    method: 'GET',
    url: '/public/residents/:id',
    rateLimit: 'publicLink',
    summary: "The same, by id: the link's token is required too (?token=), an id alone shows nothing",
    schema: {
      params: idParams,
      querystring: linkQuery,
      response: { 200: publicResidentSchema },
    },
    handler: (ctx, { params, query }) => publicLink.publicResident(ctx, query.token, params.id),
  }),
  defineRoute({
    ...throughLink,
    method: 'POST',
    url: '/public/residents',
    rateLimit: 'publicLink',
    summary:
      'The resident completes their registration through their link: name, phone, language, and a password ' +
      'when they have none',
    schema: { body: publicResidentRegisterBody, response: { 200: publicResidentSchema } },
    bodySchema: (ctx) => publicResidentRegisterBodyFor(ctx.property?.country),
    handler: (ctx, { body }) => publicLink.registerResident(ctx, body),
  }),
  defineRoute({
    ...throughLink,
    method: 'GET',
    url: '/public/residents/agreement/:id',
    rateLimit: 'publicLink',
    summary: "The resident's parking agreement as PDF through their link (?token=)",
    schema: { params: idParams, querystring: linkQuery },
    handler: async (ctx, { params, query }) =>
      sendFile(ctx.reply, await publicLink.publicAgreementPdf(ctx, params.id, query.token)),
  }),
  defineRoute({
    ...throughLink,
    method: 'PUT',
    url: '/public/residents/agreement/signature/:id',
    rateLimit: 'publicLink',
    summary:
      'The resident signs the parking agreement through their link: a drawn signature (PNG) and agree: true; ' +
      'once only',
    schema: {
      params: idParams,
      querystring: linkQuery,
      body: residentSignatureBody,
      response: { 200: publicResidentSchema },
    },
    handler: (ctx, { params, query, body }) => publicLink.signAgreement(ctx, params.id, query.token, body),
  }),
];
