import { idParams, listResponseSchema, propertyListItemSchema, propertySchema } from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import { getProperty, propertiesList } from './service';

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
    handler: (ctx) => propertiesList.list(ctx),
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
