import { z } from 'zod';
import { PASSWORD_MAX } from './constants';
import { normaliseTotpCode, normaliseRecoveryCode } from './two-factor';

/**
 * Two-factor sign-in for staff (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1, as every authenticator app
 * reads an otpauth:// QR code). Residents and visitors do not use it. Decision 0014 explains the choices.
 */

const text = () =>
  z.string({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.required' : undefined) });

/** A 6-digit code from the authenticator app. */
export const totpCode = () =>
  text()
    .min(1, 'validation.required')
    .max(32)
    .transform(normaliseTotpCode)
    .pipe(z.string().regex(/^\d{6}$/, 'twoFactor.codeFormat'));

/** A recovery code (10 characters, dashes and spaces ignored). */
export const recoveryCode = () =>
  text()
    .min(1, 'validation.required')
    .max(64)
    .transform(normaliseRecoveryCode)
    .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'twoFactor.recoveryCodeFormat'));

/**
 * `POST /auth/login` of an enrolled user answers this instead of a session: the password was right, now the code.
 * The challenge is single-use and lives TWO_FACTOR_CHALLENGE_MINUTES.
 */
export const loginChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeResponse>;

/** `POST /auth/login/two-factor`: the challenge and either a code of the app or one recovery code. */
export const loginTwoFactorBody = z
  .object({
    challenge: text().min(1, 'validation.required').max(255),
    code: totpCode().optional(),
    recoveryCode: recoveryCode().optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    path: ['code'],
    message: 'twoFactor.codeOrRecoveryCode',
  });
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBody>;

/** `GET /auth/two-factor`: the signed-in staff user's two-factor state. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Two-factor sign-in is mandatory for this user (central staff while the platform setting is on). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** `POST /auth/two-factor/setup`: a new secret to add to the app (not active until confirmed). */
export const twoFactorSetup = z.object({
  /** The secret in Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, a PNG data URL. */
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/**
 * `POST /auth/two-factor/confirm`: the account's password and a code of the new secret turn two-factor on. The
 * password, as for turning it off: a session alone (a stolen one) cannot lock the owner out (issue 35 §6).
 */
export const twoFactorConfirmBody = z.object({
  password: text().min(1, 'validation.required').max(PASSWORD_MAX),
  code: totpCode(),
});
export type TwoFactorConfirmBody = z.input<typeof twoFactorConfirmBody>;

/** The answer of confirm and of a regeneration: the recovery codes, shown once and never again. */
export const recoveryCodesResponse = z.object({
  status: twoFactorStatus,
  recoveryCodes: z.array(z.string()),
  message: z.string(),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** `POST /auth/two-factor/disable`: the password and a code of the app or a recovery code. */
export const twoFactorDisableBody = z.object({
  password: text().min(1, 'validation.required').max(PASSWORD_MAX),
  code: text().trim().min(1, 'validation.required').max(64),
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

/** `POST /auth/two-factor/recovery-codes`: a code of the app replaces every recovery code with ten new ones. */
export const twoFactorRegenerateBody = z.object({ code: totpCode() });
export type TwoFactorRegenerateBody = z.input<typeof twoFactorRegenerateBody>;

export const twoFactorStatusResponse = z.object({ status: twoFactorStatus, message: z.string() });
