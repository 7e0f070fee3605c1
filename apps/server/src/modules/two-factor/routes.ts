import {
  recoveryCodesResponse,
  twoFactorConfirmBody,
  twoFactorDisableBody,
  twoFactorRegenerateBody,
  twoFactorSetup,
  twoFactorStatus,
  twoFactorStatusResponse,
} from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import * as twoFactor from './service';

const both = ['central', 'tenant'] as const;
const tags = ['auth'];

/**
 * The signed-in staff user's own two-factor sign-in (decision 0014); residents get 403. Setting up and confirming
 * stay open to a session that must enrol first (the platform makes two-factor mandatory for central staff).
 */
export const twoFactorRoutes = [
  defineRoute({
    method: 'GET',
    url: '/auth/two-factor',
    areas: both,
    access: 'staff',
    openDuringEnrolment: true,
    tags,
    summary: "The signed-in staff user's two-factor state: enabled, recovery codes left, mandatory",
    schema: { response: { 200: twoFactorStatus } },
    handler: (ctx) => twoFactor.status(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/two-factor/setup',
    areas: both,
    access: 'staff',
    openDuringEnrolment: true,
    tags,
    summary:
      'Starts enrolment: a new TOTP secret, its otpauth URI and QR code (active only once a code is confirmed)',
    schema: { response: { 200: twoFactorSetup } },
    handler: (ctx) => twoFactor.setup(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/two-factor/confirm',
    areas: both,
    access: 'staff',
    openDuringEnrolment: true,
    tags,
    summary:
      'The password and a code of the new secret turn two-factor on; answers ten single-use recovery codes, once',
    schema: { body: twoFactorConfirmBody, response: { 200: recoveryCodesResponse } },
    handler: (ctx, { body }) => twoFactor.confirm(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/two-factor/disable',
    areas: both,
    access: 'staff',
    tags,
    summary: 'Turns two-factor off, given the password and a code of the app or a recovery code',
    schema: { body: twoFactorDisableBody, response: { 200: twoFactorStatusResponse } },
    handler: (ctx, { body }) => twoFactor.disable(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/two-factor/recovery-codes',
    areas: both,
    access: 'staff',
    tags,
    summary: 'Replaces every recovery code with ten new ones, given a code of the app; answers them once',
    schema: { body: twoFactorRegenerateBody, response: { 200: recoveryCodesResponse } },
    handler: (ctx, { body }) => twoFactor.regenerateRecoveryCodes(ctx, body.code),
  }),
];
