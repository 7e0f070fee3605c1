import { languageCodeSchema } from './language-code.schemas';
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, RESET_PASSWORD_MIN } from './constants';
import { phoneSchema } from './phone.schemas';
import {
  USER_NAME_MAX,
  USER_NAME_MIN,
  USER_NAME_PATTERN,
  USER_STATUSES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './users';

/** POST /users (sends the invitation), PUT /users/:id. The email is required: the invitation goes there. */
export const userBody = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .min(USERNAME_MIN, 'validation.usernameFormat')
    .max(USERNAME_MAX, 'validation.usernameFormat')
    .regex(USERNAME_PATTERN, 'validation.usernameFormat'),
  fullName: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .min(USER_NAME_MIN, 'validation.nameFormat')
    .max(USER_NAME_MAX)
    .regex(USER_NAME_PATTERN, 'validation.nameFormat'),
  email: z
    .string()
    .trim()
    .min(1, 'validation.emailRequired')
    .max(EMAIL_MAX)
    .pipe(z.email('validation.email')),
  /** E.164; a national number is read in the property's country (as residents' phones are). */
  phone: phoneSchema(),
  roleId: z.number({ error: 'validation.required' }).int().positive('validation.required'),
  /** One of the area's languages (the property's, for its staff); the server checks it. */
  language: languageCodeSchema,
});
export type UserBody = z.input<typeof userBody>;

/** PUT /users/:id/status: deactivate (every session ends at once) or reactivate. */
export const userStatusBody = z.object({ active: z.boolean() });
export type UserStatusBody = z.infer<typeof userStatusBody>;

export const invitationStateSchema = z.object({
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  /**
   * Its link can be read (GET /users/:id/invitation/link; "Copy invitation link"): not accepted, not replaced, not
   * expired, and its mail not sent yet — no SMTP server is configured, or delivery is failing or under way. A sent
   * mail's body is dropped, and the link with it (decision 0039 §4).
   */
  linkKept: z.boolean(),
});

/** GET /users/:id/invitation/link: the link of a user's pending invitation, while its mail was not sent. */
export const invitationLinkSchema = z.object({ link: z.string() });
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

export const userItemSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleId: z.number().int().nullable(),
  /** With include=role. */
  role: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  language: z.string(),
  active: z.boolean(),
  status: z.enum(USER_STATUSES),
  lastLoginAt: z.string().nullable(),
  /** The last password reset (SPEC §3 "recovery"). */
  recoveryAt: z.string().nullable(),
  /** The latest invitation; null for a user who was never invited (seeded or older accounts). */
  invitation: invitationStateSchema.nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserItem = z.infer<typeof userItemSchema>;

/** GET /users/:id/sessions: the user's sessions that are still valid, newest first. */
export const userSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of the request asking (a user looking at their own sessions). */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** GET /auth/invitation/:token (public): whom the link invites, to greet them; 404 when used, unknown or expired. */
export const invitationInfoSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  language: z.string(),
  /** The property's name for its staff; null for central staff. */
  propertyName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** POST /auth/invitation (public): sets the password and accepts the invitation; the link is then used up. */
export const acceptInvitationBody = z
  .object({
    token: z.string().min(1, 'validation.required').max(255),
    password: z.string().min(RESET_PASSWORD_MIN).max(PASSWORD_MAX),
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    message: 'validation.passwordsMismatch',
    path: ['passwordConfirmation'],
  });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;
