import {
  bootstrapResponse,
  changePasswordBody,
  forgotPasswordBody,
  languageBody,
  loginBody,
  loginResponse,
  loginTwoFactorBody,
  messageResponse,
  resetPasswordBody,
  sessionResponse,
  userSchema,
} from '@parkade/contract';
import { z } from 'zod';
import { defineRoute } from '../../platform/http';
import * as login from './login';
import * as password from './password';
import * as auth from './service';

const both = ['central', 'tenant'] as const;
const tags = ['auth'];

export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/auth/login',
    areas: both,
    access: 'public',
    tags,
    summary:
      'Sign in with an email or phone and a password; staff enrolled in two-factor sign-in get a challenge for ' +
      'POST /auth/login/two-factor instead of a session',
    schema: { body: loginBody, response: { 200: loginResponse } },
    handler: (ctx, { body }) => login.login(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/login/two-factor',
    areas: both,
    access: 'public',
    tags,
    summary: 'The code step of a two-factor sign-in: the challenge and a code of the app or a recovery code',
    schema: { body: loginTwoFactorBody, response: { 200: sessionResponse } },
    handler: (ctx, { body }) => login.loginTwoFactor(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/auth/bootstrap',
    areas: both,
    access: 'authenticated',
    openDuringEnrolment: true,
    tags,
    summary: 'The signed-in user, the property, the permissions and the allowed languages',
    schema: { response: { 200: bootstrapResponse } },
    handler: (ctx) => auth.bootstrap(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/logout',
    areas: both,
    access: 'authenticated',
    openDuringEnrolment: true,
    tags,
    summary: 'Revoke the current token',
    schema: { response: { 200: messageResponse } },
    handler: (ctx) => auth.logout(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/auth/language',
    areas: both,
    access: 'authenticated',
    openDuringEnrolment: true,
    tags,
    summary: "Change the signed-in user's language (one of the languages allowed for the user)",
    schema: { body: languageBody, response: { 200: z.object({ user: userSchema, message: z.string() }) } },
    handler: (ctx, { body }) => auth.setLanguage(ctx, body.language),
  }),
  defineRoute({
    method: 'PUT',
    url: '/auth/password',
    areas: both,
    access: 'authenticated',
    tags,
    summary:
      "Change the signed-in user's password, given the current one; ends the user's other sessions (not this one)",
    schema: { body: changePasswordBody, response: { 200: messageResponse } },
    handler: (ctx, { body }) => password.changePassword(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/forgot-password',
    areas: both,
    access: 'public',
    tags,
    summary:
      'Mail a single-use reset link valid 60 minutes; answers the same whether or not the account exists',
    schema: { body: forgotPasswordBody, response: { 200: messageResponse } },
    handler: (ctx, { body }) => password.forgotPassword(ctx, body.email),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset-password',
    areas: both,
    access: 'public',
    tags,
    summary: 'Set a new password with a reset token',
    schema: { body: resetPasswordBody, response: { 200: messageResponse } },
    handler: (ctx, { body }) => password.resetPassword(ctx, body),
  }),
];
