import {
  idParams,
  listResponseSchema,
  messageResponse,
  propertyCreateBody,
  propertyListItemSchema,
  propertySchema,
  propertySettingsPatch,
  propertySettingsSchema,
  propertyTestEmailBody,
  propertyTestEmailResultSchema,
  propertyUpdateBody,
  tenantHostSchema,
  propertyOptionSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf, sendFile } from '../../platform/http';
import { getProperty, propertiesList, propertyOptionsList } from './service';
import * as write from './write';

const tags = ['properties'];

/**
 * Properties (tenants), central area. Reading only for now (the dashboard's property picker, patrolling); the
 * property form adds create, edit and delete here. A tenant reads its own property from GET /auth/bootstrap.
 */
export const propertiesRoutes = [
  defineRoute({
    method: 'GET',
    url: '/properties',
    areas: ['central'],
    access: 'properties.index',
    tags,
    summary:
      'Properties: filter[term] searches name, code, city and address; filters zoneId, state, city, type, active; ' +
      'sorts name, code, city, createdAt. Never carries secrets.',
    schema: {
      querystring: propertiesList.querystring,
      response: { 200: listResponseSchema(propertyListItemSchema) },
    },
    handler: (ctx) => propertiesList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    method: 'GET',
    url: '/properties/options',
    areas: ['central'],
    access: 'staff',
    tags,
    summary:
      'The properties the signed-in central user may work on, for the property pickers of the screens that act on ' +
      'one (issue 36 §1): every property to a holder of properties.index, the active ones (those patrolled) to ' +
      'other staff. { id, label (name), detail (code), country }; filter[term] searches name, code and city, ' +
      'filter[id] names chosen ones',
    schema: {
      querystring: propertyOptionsList.querystring,
      response: { 200: listResponseSchema(propertyOptionSchema) },
    },
    handler: (ctx) => propertyOptionsList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    method: 'GET',
    url: '/properties/:id',
    areas: ['central'],
    access: 'properties.show',
    tags,
    summary:
      'One property with its domains and email configuration; the SMTP password is never answered (mailPasswordSet)',
    schema: { params: idParams, response: { 200: propertySchema } },
    handler: (ctx, { params }) => getProperty(ctx, params.id),
  }),
];

const central = ['central'] as const;

/** Central-only writes on properties (tenants), their logo, test email and settings, and the host list. */
export const propertyWriteRoutes = [
  defineRoute({
    method: 'POST',
    url: '/properties',
    areas: central,
    access: 'properties.create',
    tags,
    summary:
      'Creates a property (tenant): reachable at once on <code>.<APP_DOMAIN> and its extra domains. The code is ' +
      'its subdomain and never changes. SMTP: username, password, host and port all or none',
    schema: { body: propertyCreateBody, response: { 200: propertySchema } },
    handler: (ctx, { body }) => write.createProperty(ctx, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/properties/:id',
    areas: central,
    access: 'properties.edit',
    tags,
    summary:
      'Changes a property. A changed code is refused; an empty mailPassword keeps the stored one (mailPasswordClear ' +
      'removes it); the password is stored encrypted and never answered',
    schema: { params: idParams, body: propertyUpdateBody, response: { 200: propertySchema } },
    handler: (ctx, { params, body }) => write.updateProperty(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/properties/:id',
    areas: central,
    access: 'properties.delete',
    tags,
    summary: 'Deletes a property that holds no data of its own; otherwise 409 (deactivate it instead)',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: (ctx, { params }) => write.deleteProperty(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/properties/:id/logo',
    areas: central,
    access: 'properties.edit',
    tags,
    multipart: 'files',
    summary:
      'Sets the property logo (field `logo`: png, jpg or webp up to 5 MB); the previous logo is removed',
    schema: { params: idParams, response: { 200: propertySchema } },
    handler: (ctx, { params }) =>
      write.setLogo(
        ctx,
        params.id,
        ctx.files.find((f) => f.field === 'logo'),
      ),
  }),
  defineRoute({
    method: 'GET',
    url: '/properties/:id/logo',
    areas: central,
    access: 'properties.show',
    tags,
    summary: "The property's logo image; 404 when it has none",
    schema: { params: idParams },
    handler: async (ctx, { params }) => sendFile(ctx.reply, await write.logo(ctx, params.id)),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/properties/:id/logo',
    areas: central,
    access: 'properties.edit',
    tags,
    summary: 'Removes the property logo',
    schema: { params: idParams, response: { 200: propertySchema } },
    handler: (ctx, { params }) => write.removeLogo(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/properties/:id/test-email',
    areas: central,
    access: 'properties.test-email',
    tags,
    summary:
      "Sends a test message now with the property's stored SMTP settings (or the system's) and reports the SMTP " +
      "server's answer; a refusal is reported, not raised",
    schema: {
      params: idParams,
      body: propertyTestEmailBody,
      response: { 200: propertyTestEmailResultSchema },
    },
    handler: (ctx, { params, body }) => write.testEmail(ctx, params.id, body.to),
  }),
  defineRoute({
    method: 'GET',
    url: '/properties/:id/settings',
    areas: central,
    access: 'properties.show',
    tags,
    summary: "The property's settings, every default filled in",
    schema: { params: idParams, response: { 200: propertySettingsSchema } },
    handler: (ctx, { params }) => write.readSettings(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/properties/:id/settings',
    areas: central,
    access: 'properties.edit',
    tags,
    summary:
      'Changes settings: each section sent replaces its own (missing keys take defaults); others are kept',
    schema: { params: idParams, body: propertySettingsPatch, response: { 200: propertySettingsSchema } },
    handler: (ctx, { params, body }) => write.writeSettings(ctx, params.id, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/settings',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'settings.index',
    tags: ['settings'],
    summary: "The current property's settings (centrally: the selected property's)",
    schema: { response: { 200: propertySettingsSchema } },
    handler: (ctx) => write.settingsOfCurrent.read(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/settings',
    areas: ['tenant', 'central'],
    propertyScoped: true,
    access: 'settings.edit',
    tags: ['settings'],
    summary: "Changes the current property's settings, section by section",
    schema: { body: propertySettingsPatch, response: { 200: propertySettingsSchema } },
    handler: (ctx, { body }) => write.settingsOfCurrent.write(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/tenants',
    areas: central,
    access: 'tenants.index',
    tags: ['tenants'],
    summary: 'Which host names reach which property: its subdomain, access domain and visitor domain',
    schema: {
      querystring: z.object({ 'filter[term]': z.string().max(200).optional() }),
      response: { 200: z.object({ data: z.array(tenantHostSchema) }) },
    },
    handler: (ctx, { query }) => write.tenantHosts(ctx, query['filter[term]']),
  }),
];
