import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { PHONE_PATTERN } from './constants';

/** What a typed phone may contain: digits, one leading plus, and the spaces and signs people group digits with. */
const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/;

const SEPARATORS = /[\s().\-/]/g;

const PHONE_INPUT_MAX = 40;

/** The country whose national numbers a property takes when its own country is unknown. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/**
 * The country whose national numbers a property's phones are read in: the property's country when it is an ISO
 * 3166 two-letter code that phone numbering knows (`MX`, `us`), else the United States. The property's country is
 * free text (SPEC §3), `US` by default.
 */
export function phoneCountry(country?: string | null): CountryCode {
  const code = country?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : DEFAULT_PHONE_COUNTRY;
}

/**
 * A phone as people type it, in E.164 (`+15125550199`), or null when it cannot be a phone number.
 * - International (a leading `+`): kept, without its spaces and signs, when it is a plus sign then 7–15 digits,
 *   the first 1–9 (SPEC §9) — what was accepted before is accepted still.
 * - National (`(512) 555-0199`, `512-555-0199`): read in the property's country (phoneCountry) and kept when it
 *   is a valid number there.
 * Letters, extensions and anything else are refused: an extension has no place in E.164.
 */
export function normalizePhone(raw: string, country?: string | null): string | null {
  const input = raw.trim();
  if (!input || input.length > PHONE_INPUT_MAX || !PHONE_CHARACTERS.test(input)) return null;
  if (input.startsWith('+')) {
    const compact = input.replace(SEPARATORS, '');
    return PHONE_PATTERN.test(compact) ? compact : null;
  }
  const parsed = parsePhoneNumberFromString(input, phoneCountry(country));
  if (!parsed?.isValid() || parsed.ext) return null;
  return PHONE_PATTERN.test(parsed.number) ? parsed.number : null;
}

/**
 * An optional phone field: empty is null, absent stays absent, a phone becomes E.164 (normalizePhone, national
 * numbers read in `country`), anything else is refused with `validation.phone`. The server and the forms use the
 * same schema, so both accept and store the same thing.
 */
export const phoneSchema = (country?: string | null) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      const e164 = normalizePhone(value, country);
      if (e164 !== null) return e164;
      ctx.addIssue({ code: 'custom', message: 'validation.phone', input: value });
      return z.NEVER;
    })
    .nullish();
