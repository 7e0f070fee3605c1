import {
  acceptInvitationBody,
  idParams,
  idSchema,
  invitationInfoSchema,
  invitationLinkSchema,
  listResponseSchema,
  userBody,
  userItemSchema,
  userSessionSchema,
  userStatusBody,
  phoneSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute, queryOf, sendFile, type RouteContext } from '../../platform/http';
import * as invitations from './invitations';
import { exportUsers, getUser, listUsers, usersQuerystring } from './service';
import * as sessions from './sessions';
import { resetUserTwoFactor } from './two-factor-reset';
import * as write from './write';

/**
 * Staff users (decision 0021), in both areas. On a property's address, or centrally with `X-Property`, the property's
 * staff (`tenant_users` of type tenant-user); centrally without `X-Property`, the central staff.
 */
const scoped = {
  areas: ['tenant', 'central'] as const,
  propertyScoped: 'optional' as const,
  tags: ['users'],
};
/** The invitation link's calls: public, on the invited user's area address, rate-limited per address. */
const throughLink = {
  areas: ['tenant', 'central'] as const,
  access: 'public' as const,
  rateLimit: 'publicLink' as const,
  tags: ['auth'],
};

/** The body with the phone read in the property's country (as residents' phones are). */
const bodyFor = (ctx: RouteContext) => userBody.extend({ phone: phoneSchema(ctx.property?.country) });

const noContent = (ctx: RouteContext) => {
  ctx.reply.code(204);
  return null;
};
const empty = { 204: z.null().describe('No content') };
const sessionParams = z.object({ id: idSchema, sessionId: idSchema });

export const usersRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/users',
    access: 'users.index',
    summary:
      'Staff users of the area or the selected property: filter[term] searches full name, username, email and ' +
      'phone; filter[roleId], filter[status] invited, active, inactive; include=role; sorts fullName, username, ' +
      'email, lastLoginAt, createdAt',
    schema: { querystring: usersQuerystring, response: { 200: listResponseSchema(userItemSchema) } },
    handler: (ctx) => listUsers(ctx, queryOf(ctx.req)),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/users/export',
    access: 'users.export',
    rateLimit: 'export',
    summary: "The users the list's parameters select (filters, term, sort), as .xlsx with translated headers",
    schema: { querystring: usersQuerystring },
    handler: async (ctx) => sendFile(ctx.reply, await exportUsers(ctx, queryOf(ctx.req))),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/users',
    access: 'users.create',
    summary:
      'Creates a staff user without a password (status invited) and mails them the invitation. 422: a taken ' +
      'username, email or phone, a role not of this area, a language not of the property; 403: a role holding a ' +
      'permission the caller lacks',
    schema: { body: userBody, response: { 201: userItemSchema } },
    bodySchema: bodyFor,
    handler: async (ctx, { body }) => {
      const user = await write.createUser(ctx, body);
      ctx.reply.code(201);
      return user;
    },
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/users/:id',
    access: 'users.show',
    summary: 'One staff user, with the role and the latest invitation',
    schema: { params: idParams, response: { 200: userItemSchema } },
    handler: (ctx, { params }) => getUser(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/users/:id',
    access: 'users.edit',
    summary:
      "Changes a staff user; a role change applies on the user's next request. 403: one's own role, a role or a " +
      'user holding a permission the caller lacks; 409: no active user able to manage users and roles would remain',
    schema: { params: idParams, body: userBody, response: { 200: userItemSchema } },
    bodySchema: bodyFor,
    handler: (ctx, { params, body }) => write.updateUser(ctx, params.id, body),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/users/:id',
    access: 'users.delete',
    summary:
      'Deletes a user who never signed in nor accepted an invitation; anyone else → 409 (deactivate instead)',
    schema: { params: idParams, response: empty },
    handler: async (ctx, { params }) => {
      await write.deleteUser(ctx, params.id);
      return noContent(ctx);
    },
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/users/:id/status',
    access: 'users.edit',
    summary:
      'Deactivates (every session ends at once, sign-in refused) or reactivates a user. 403: oneself; 409: the ' +
      'last active user able to manage users and roles',
    schema: { params: idParams, body: userStatusBody, response: { 200: userItemSchema } },
    handler: (ctx, { params, body }) => write.setUserStatus(ctx, params.id, body.active),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/users/:id/invitation',
    access: 'users.create',
    summary:
      'Sends a new invitation (the previous link stops working). 409: already accepted, or the user is ' +
      'deactivated; 429: too many invitations of this user in the last hour',
    schema: { params: idParams, response: { 200: userItemSchema } },
    handler: (ctx, { params }) => invitations.resendInvitation(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/users/:id/invitation/link',
    access: 'users.create',
    summary:
      "The link of the user's pending invitation, while its mail was not sent (no SMTP server, or delivery failing " +
      'or under way): to pass it on another way. Held to the rules of inviting that user (403: a user holding a ' +
      'permission the caller lacks); 409: accepted, deactivated, expired or replaced, or its mail already sent ' +
      '(the link is not kept then). Audited',
    schema: { params: idParams, response: { 200: invitationLinkSchema } },
    handler: (ctx, { params }) => invitations.invitationLink(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/users/:id/password-reset',
    access: 'users.edit',
    summary:
      'Mails the user the standard password reset link. 409: a user still invited (resend the invitation) or ' +
      'deactivated',
    schema: { params: idParams, response: empty },
    handler: async (ctx, { params }) => {
      await write.sendPasswordReset(ctx, params.id);
      return noContent(ctx);
    },
  }),
  defineRoute({
    ...scoped,
    method: 'POST',
    url: '/users/:id/two-factor/reset',
    access: 'users.edit',
    summary:
      "Turns a staff user's two-factor sign-in off (a lost phone, or enabled by someone else): their sessions end, " +
      'they are told by mail. 403: oneself or someone above the caller; 409: two-factor is not on',
    schema: { params: idParams, response: empty },
    handler: async (ctx, { params }) => {
      await resetUserTwoFactor(ctx, params.id);
      return noContent(ctx);
    },
  }),
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/users/:id/sessions',
    access: 'users.show',
    summary: "The user's valid sessions, newest first; `current` marks the caller's own",
    schema: { params: idParams, response: { 200: z.array(userSessionSchema) } },
    handler: (ctx, { params }) => sessions.listSessions(ctx, params.id),
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/users/:id/sessions/:sessionId',
    access: 'users.edit',
    summary: 'Ends one session of the user (404 when it is not theirs or already ended)',
    schema: { params: sessionParams, response: empty },
    handler: async (ctx, { params }) => {
      await sessions.endSessions(ctx, params.id, params.sessionId);
      return noContent(ctx);
    },
  }),
  defineRoute({
    ...scoped,
    method: 'DELETE',
    url: '/users/:id/sessions',
    access: 'users.edit',
    summary: 'Ends every session of the user (a user ending their own keeps the session asking)',
    schema: { params: idParams, response: empty },
    handler: async (ctx, { params }) => {
      await sessions.endSessions(ctx, params.id);
      return noContent(ctx);
    },
  }),
  defineRoute({
    ...throughLink,
    method: 'GET',
    url: '/auth/invitation/:token',
    summary:
      'Whom an invitation link invites (public). 404 for a used, retired, expired, unknown or foreign token alike',
    schema: { params: z.object({ token: z.string() }), response: { 200: invitationInfoSchema } },
    handler: (ctx, { params }) => invitations.invitationInfo(ctx, params.token),
  }),
  defineRoute({
    ...throughLink,
    method: 'POST',
    url: '/auth/invitation',
    summary:
      'Accepts an invitation (public): sets the password, the user becomes active; the link is then used up. ' +
      '404 as for the link',
    schema: { body: acceptInvitationBody, response: { 200: z.object({ email: z.string() }) } },
    handler: (ctx, { body }) => invitations.acceptInvitation(ctx, body),
  }),
];
