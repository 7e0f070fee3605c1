import { SIGNATURE_MAX_CHARS, type PublicResident } from '@parkade/contract';

/** The steps of the resident's registration: their details, the parking agreement, done. */
export const REGISTER_STEPS = [
  'register.steps.details',
  'register.steps.agreement',
  'register.steps.done',
] as const;
export type RegisterStep = 0 | 1 | 2;

/**
 * Where a resident opening their link starts: done when the agreement is already signed, at the agreement when the
 * details were completed before (they came back to sign), else at their details.
 */
export function startStep(resident: Pick<PublicResident, 'registered' | 'signedAt'>): RegisterStep {
  if (resident.signedAt) return 2;
  return resident.registered ? 1 : 0;
}

/** How close to the bottom (CSS pixels) counts as the end: zoomed pages scroll by fractions of a pixel. */
export const SCROLL_END_TOLERANCE = 8;

/**
 * Whether a scrollable box shows its last line: scrolled to the bottom, or its content fits without scrolling (a
 * short agreement counts as read).
 */
export function scrolledToEnd(
  box: Pick<HTMLElement, 'scrollTop' | 'scrollHeight' | 'clientHeight'>,
  tolerance = SCROLL_END_TOLERANCE,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= tolerance;
}

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

/**
 * What is wrong with a drawn signature before it is sent (a translation key), or null: nothing drawn, too large for
 * the server, or not a PNG data URL (the contract's residentSignatureBody says the same).
 */
export function signatureProblem(signature: string | null | undefined): string | null {
  if (!signature) return 'register.signature.required';
  if (signature.length > SIGNATURE_MAX_CHARS) return 'register.signature.tooLarge';
  if (!PNG_DATA_URL.test(signature)) return 'register.signature.invalid';
  return null;
}

/** The agreement PDF of a resident (the link's token names the resident; the id alone shows nothing). */
export function agreementUrl(id: number, token: string): string {
  return `/public/residents/agreement/${id}?token=${encodeURIComponent(token)}`;
}

/** The query of the resident a link names; each step writes the server's answer into it. */
export const residentKey = (token: string) => ['public-resident', token] as const;
