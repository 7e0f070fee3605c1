import crypto from 'node:crypto';
import { RECOVERY_CODE_COUNT, normaliseRecoveryCode } from '@parkade/contract';
import type * as Otplib from 'otplib';
import type QRCodeLib from 'qrcode';
import { lazy } from '../../platform/lazy';

const otplib = lazy<typeof Otplib>('otplib');
const qrcode = lazy<typeof QRCodeLib>('qrcode');

/**
 * TOTP (RFC 6238) through otplib with the parameters every authenticator app assumes (SHA-1, 6 digits, 30 s), QR
 * codes through qrcode, and the recovery codes. No cryptography of our own beyond random bytes and SHA-256.
 */

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), Base32. */
export const newTotpSecret = () => otplib().generateSecret({ length: 20 });

/** otpauth://totp/Issuer:label?secret=…&issuer=… for the app, and the same as a QR code (PNG data URL). */
export async function provisioning(secret: string, issuer: string, label: string) {
  const otpauthUri = otplib().generateURI({ issuer, label, secret });
  const qrDataUrl = await qrcode().toDataURL(otpauthUri, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
  return { otpauthUri, qrDataUrl };
}

/**
 * The time step of `code` when it is a code of `secret` at most one step away from now (a phone's clock may be
 * 30 s off either way) and later than `afterStep`, the step of the last accepted code: so a code once accepted is
 * never accepted again, nor any older one. Null when the code does not verify.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  epochSeconds?: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await otplib().verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Recovery-code characters: lower-case letters and digits without the look-alikes (i, l, o, 0, 1). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes as the user sees them (`abcde-fghij`, ~49 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of its normal form. */
export const recoveryCodeHash = (code: string) =>
  crypto.createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
