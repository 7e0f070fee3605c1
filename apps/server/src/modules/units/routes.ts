import {
  idParams,
  listResponseSchema,
  messageResponse,
  unitBody,
  unitItemSchema,
  unitsBulkBody,
  unitsBulkResultSchema,
  unitsImportResultSchema,
} from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf } from '../../platform/http';
import { requireFile } from '../../platform/uploads';
import { contentDisposition } from '../files/service';
import { importUnits, unitsTemplate } from './import';
import * as service from './service';

const tags = ['units'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

export const unitsRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/units',
    access: 'units.index',
    summary:
      'Units of the property: filters buildingId, floorId (null: no floor), name; filter[term] searches the unit ' +
      'and its building; sorts name, buildingName, createdAt; includes building, floor',
    schema: {
      querystring: service.unitsList.querystring,
      response: { 200: listResponseSchema(unitItemSchema) },
    },
    handler: (ctx) => service.unitsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/units',
    access: 'units.create',
    summary: "Creates a unit in a building (and optionally on one of that building's floors)",
    schema: { body: unitBody, response: { 200: unitItemSchema } },
    handler: (ctx, { body }) => service.createUnit(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/units/create-bulk',
    access: 'units.create-bulk',
    summary:
      'Creates units by a range (from..to, prefix, suffix, zero padding) or a pattern ("101-110, PH1") in one or ' +
      'more buildings; all or nothing (a name taken in a building refuses the request)',
    schema: { body: unitsBulkBody, response: { 200: unitsBulkResultSchema } },
    handler: (ctx, { body }) => service.createBulk(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/units/template',
    rateLimit: 'export',
    access: 'units.import',
    summary: 'The .xlsx template of the units import: columns building, floor, unit',
    handler: async (ctx) => {
      const buf = await unitsTemplate(ctx.lang);
      ctx.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('units-template.xlsx', 'attachment'));
      return buf;
    },
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/units/import',
    access: 'units.import',
    multipart: 'spreadsheet',
    summary:
      'Imports units from an .xlsx (field `file`, headers building, floor, unit). Wrong headers → 422. Any bad row → ' +
      'nothing is written and every bad row is listed in `rejected`; otherwise buildings and floors are created by ' +
      'name as needed and every unit is written in one transaction',
    schema: { response: { 200: unitsImportResultSchema } },
    handler: (ctx) => importUnits(ctx, requireFile(ctx.files, 'file')),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/units/:id',
    access: 'units.show',
    summary: 'One unit with its building and floor',
    schema: { params: idParams, response: { 200: unitItemSchema } },
    handler: (ctx, { params }) => service.getUnit(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/units/:id',
    access: 'units.edit',
    summary: 'Changes a unit: its number, building or floor',
    schema: { params: idParams, body: unitBody, response: { 200: unitItemSchema } },
    handler: (ctx, { params, body }) => service.updateUnit(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/units/:id',
    access: 'units.delete',
    summary: 'Deletes a unit',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await service.deleteUnit(ctx, params.id);
      return deletedMessage(ctx, 'units');
    },
  }),
];
