import { profileBody, profileBodyFor, profileSchema, profileUpdateResponse } from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import * as profile from './service';

const tags = ['profile'];

/** The resident's own profile (`/my/profile`, SPEC §2.3): residents only, on their property. */
export const profileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/my/profile',
    areas: ['tenant'],
    access: 'resident',
    tags,
    summary: "The signed-in resident's profile, with the property and the languages they may choose",
    schema: { response: { 200: profileSchema } },
    handler: (ctx) => profile.getProfile(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/my/profile',
    areas: ['tenant'],
    access: 'resident',
    tags,
    summary:
      "Update the signed-in resident's name, phone (stored as + and 7–15 digits, a national number read in the " +
      "property's country; free in the property; empty removes it) " +
      "and language (one of the property's)",
    schema: { body: profileBody, response: { 200: profileUpdateResponse } },
    bodySchema: (ctx) => profileBodyFor(ctx.property?.country),
    handler: (ctx, { body }) => profile.updateProfile(ctx, body),
  }),
];
