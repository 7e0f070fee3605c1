import { idParams, listResponseSchema, messageResponse, roleBody, roleItemSchema } from '@parkade/contract';
import { deletedMessage } from '../../platform/crud';
import { defineRoute, queryOf } from '../../platform/http';
import { getRole, rolesList } from './service';
import * as write from './write';

/**
 * Both areas. Centrally, without `X-Property` the calls work on the roles of no property (built-in and central);
 * with it, on the selected property's roles, as on the property's own address (decision 0020).
 */
const scoped = {
  areas: ['tenant', 'central'] as const,
  propertyScoped: 'optional' as const,
  tags: ['roles'],
};

export const rolesRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/roles',
    access: 'roles.index',
    summary:
      "The area's roles: the built-in ones and the central ones (central area), or the built-in ones and the " +
      "property's own; filter[term] searches name and description; filter[area] shared, central, property; " +
      'sorts name, createdAt, updatedAt',
    schema: { querystring: rolesList.querystring, response: { 200: listResponseSchema(roleItemSchema) } },
    handler: (ctx) => rolesList.list(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/roles',
    access: 'roles.create',
    summary:
      'Creates a role in the area (central, or the property): only permissions the caller holds may be granted (403)',
    schema: { body: roleBody, response: { 200: roleItemSchema } },
    handler: (ctx, { body }) => write.createRole(ctx, body),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/roles/:id',
    access: 'roles.show',
    summary: 'One role with its permissions and how many users hold it',
    schema: { params: idParams, response: { 200: roleItemSchema } },
    handler: (ctx, { params }) => getRole(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/roles/:id',
    access: 'roles.edit',
    summary:
      'Changes a role; it applies on the next request of every holder. 403: a permission the caller lacks (granted or ' +
      'already held by the role), or a built-in role outside the central area; 422: renaming a built-in role; 409: ' +
      'the change would leave an area or property without an active user holding users.edit and roles.edit',
    schema: { params: idParams, body: roleBody, response: { 200: roleItemSchema } },
    handler: (ctx, { params, body }) => write.updateRole(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/roles/:id',
    access: 'roles.delete',
    summary:
      'Deletes a role. 409: a built-in role, or a role someone holds (the answer names up to five and the count)',
    schema: { params: idParams, response: { 200: messageResponse } },
    handler: async (ctx, { params }) => {
      await write.deleteRole(ctx, params.id);
      return deletedMessage(ctx, 'roles');
    },
  }),
];
