import { languageCodeSchema } from './language-code.schemas';
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PHONE_PATTERN, RESET_PASSWORD_MIN, USER_TYPES } from './constants';
import { loginChallengeResponse } from './two-factor.schemas';

/** The confirmation must equal the password; the error sits on the confirmation field (SPEC §5). */
const confirmed = <T extends { password: string; passwordConfirmation: string }>(v: T) =>
  v.password === v.passwordConfirmation;

const confirmationError = { path: ['passwordConfirmation'], message: 'validation.passwordsMismatch' };

const emailSchema = z.email('validation.email');

/**
 * A string whose absence has its own message. The message must apply to the type issue only: a message given
 * to z.string() itself would also replace the messages of every later check (too long, too short).
 */
const text = (missing = 'validation.required') =>
  z.string({ error: (issue) => (issue.code === 'invalid_type' ? missing : undefined) });

/** Login takes an email or a phone number in the email field (SPEC §5). */
export const loginBody = z.object({
  email: text()
    .trim()
    .min(1, 'validation.required')
    .max(EMAIL_MAX)
    .refine((v) => PHONE_PATTERN.test(v) || emailSchema.safeParse(v).success, 'validation.emailOrPhone'),
  password: text().min(1, 'validation.required').max(PASSWORD_MAX),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({
  email: text('validation.emailRequired')
    .trim()
    .min(1, 'validation.emailRequired')
    .max(EMAIL_MAX)
    .pipe(emailSchema),
});

/** A new password (SPEC §5: at least 8, at most 255 characters). */
const newPassword = () => text().min(RESET_PASSWORD_MIN).max(PASSWORD_MAX);

export const resetPasswordBody = z
  .object({
    email: text('validation.emailRequired')
      .trim()
      .min(1, 'validation.emailRequired')
      .max(EMAIL_MAX)
      .pipe(emailSchema),
    token: text().min(1, 'validation.required').max(255),
    password: newPassword(),
    passwordConfirmation: text(),
  })
  .refine(confirmed, confirmationError);

/**
 * Change password of the signed-in user (staff user menu, resident profile). The new password follows the
 * reset-password rules; it may equal the current one. A wrong current password is refused by the server on
 * `currentPassword` (auth.currentPasswordInvalid).
 */
export const changePasswordBody = z
  .object({
    currentPassword: text().min(1, 'validation.required').max(PASSWORD_MAX),
    password: newPassword(),
    passwordConfirmation: text(),
  })
  .refine(confirmed, confirmationError);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const languageBody = z.object({ language: languageCodeSchema });

export const userSchema = z.object({
  id: z.number().int(),
  type: z.enum(USER_TYPES),
  username: z.string().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  language: languageCodeSchema,
  languages: z.array(languageCodeSchema),
  propertyId: z.number().int().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type AuthUser = z.infer<typeof userSchema>;

export const propertySummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  languages: z.array(languageCodeSchema),
  /** The property's country: forms read national phone numbers in it (phoneCountry). */
  country: z.string().nullable(),
  /** The property's IANA time zone: the screens show every time in it (decision 0039 §12). */
  timezone: z.string(),
});

/** A session: the answer of a sign-in that needs nothing more (and of the two-factor step). */
export const sessionResponse = z.object({
  user: userSchema,
  token: z.string(),
  permissions: z.array(z.string()),
});
export type SessionAnswer = z.infer<typeof sessionResponse>;

/**
 * `POST /auth/login`: a session, or — for staff who enrolled in two-factor sign-in — a challenge to answer with a
 * code at `POST /auth/login/two-factor` (`twoFactorRequired: true`, no token).
 */
export const loginResponse = z.union([sessionResponse, loginChallengeResponse]);
export type LoginAnswer = z.infer<typeof loginResponse>;

export const bootstrapResponse = z.object({
  user: userSchema,
  property: propertySummary.nullable(),
  permissions: z.array(z.string()),
  languageCodes: z.array(languageCodeSchema),
  /**
   * Staff only (null for residents): whether the user signs in with two factors, and whether they must enrol
   * before anything else (the session is then restricted to enrolment).
   */
  twoFactor: z.object({ enabled: z.boolean(), enrolmentRequired: z.boolean() }).nullable(),
});

export const messageResponse = z.object({ message: z.string() });
