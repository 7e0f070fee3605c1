import { z } from 'zod';
import {
  EMAIL_MAX,
  LANGUAGES,
  PASSWORD_MAX,
  PHONE_PATTERN,
  RESET_PASSWORD_MIN,
  USER_TYPES,
} from './constants';

const emailSchema = z.email('validation.email');

/** Login takes an email or a phone number in the email field (SPEC §5). */
export const loginBody = z.object({
  email: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(EMAIL_MAX)
    .refine((v) => PHONE_PATTERN.test(v) || emailSchema.safeParse(v).success, 'validation.emailOrPhone'),
  password: z.string('validation.required').min(1, 'validation.required').max(PASSWORD_MAX),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({
  email: z
    .string('validation.emailRequired')
    .trim()
    .min(1, 'validation.emailRequired')
    .max(EMAIL_MAX)
    .pipe(emailSchema),
});

export const resetPasswordBody = z
  .object({
    email: z
      .string('validation.emailRequired')
      .trim()
      .min(1, 'validation.emailRequired')
      .max(EMAIL_MAX)
      .pipe(emailSchema),
    token: z.string('validation.required').min(1, 'validation.required').max(255),
    password: z.string('validation.required').min(RESET_PASSWORD_MIN).max(PASSWORD_MAX),
    passwordConfirmation: z.string('validation.required'),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'validation.passwordsMismatch',
  });

export const languageBody = z.object({ language: z.enum(LANGUAGES, 'validation.invalidSelection') });

export const userSchema = z.object({
  id: z.number().int(),
  type: z.enum(USER_TYPES),
  username: z.string().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  language: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  propertyId: z.number().int().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type AuthUser = z.infer<typeof userSchema>;

export const propertySummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
});

export const loginResponse = z.object({
  user: userSchema,
  token: z.string(),
  permissions: z.array(z.string()),
});

export const bootstrapResponse = z.object({
  user: userSchema,
  property: propertySummary.nullable(),
  permissions: z.array(z.string()),
  languageCodes: z.array(z.enum(LANGUAGES)),
});

export const messageResponse = z.object({ message: z.string() });
