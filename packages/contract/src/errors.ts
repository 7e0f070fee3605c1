/**
 * The reasons an answer may carry in `code`:
 * - `two-factor-enrolment-required` (403): two-factor sign-in is mandatory for this user, who has not enrolled yet;
 *   only the enrolment calls, the bootstrap, language and logout are open;
 * - `two-factor-challenge-invalid` (401, POST /auth/login/two-factor): the sign-in challenge expired or was used:
 *   start again with the password.
 */
export const ERROR_CODES = {
  twoFactorEnrolmentRequired: 'two-factor-enrolment-required',
  twoFactorChallengeInvalid: 'two-factor-challenge-invalid',
} as const;

/** A zod issue turned into a translation key and its parameters; used by server and web alike. */
export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

interface IssueLike {
  code: string;
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  expected?: string;
  format?: string;
  inclusive?: boolean;
}

/**
 * Explicit messages in our schemas are translation keys (`validation.required`, `properties.invalidTimezone`):
 * dotted names without spaces, which zod's own English messages never are.
 */
const OWN_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/i;

export function issueToMessage(issue: IssueLike): MessageRef {
  if (OWN_KEY.test(issue.message)) return { key: issue.message };
  const missing = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return { key: 'validation.required' };
      switch (issue.expected) {
        case 'number':
        case 'bigint':
          return { key: 'validation.numeric' };
        case 'int':
          return { key: 'validation.integer' };
        case 'string':
          return { key: 'validation.text' };
        case 'boolean':
          return { key: 'validation.boolean' };
        case 'array':
          return { key: 'validation.array' };
        case 'date':
          return { key: 'validation.date' };
        default:
          return { key: 'validation.format' };
      }
    case 'too_small':
      if (issue.origin === 'string') {
        if (Number(issue.minimum) === 1 && missing) return { key: 'validation.required' };
        return { key: 'validation.min', params: { min: Number(issue.minimum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'validation.minItems', params: { min: Number(issue.minimum) } };
      if (Number(issue.minimum) === 0 && !issue.inclusive) return { key: 'validation.positive' };
      return { key: 'validation.minValue', params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'validation.max', params: { max: Number(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'validation.maxItems', params: { max: Number(issue.maximum) } };
      return { key: 'validation.maxValue', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.email' };
      if (issue.format === 'regex') return { key: 'validation.format' };
      if (issue.format === 'date' || issue.format === 'datetime') return { key: 'validation.date' };
      return { key: 'validation.format' };
    case 'invalid_value':
    case 'invalid_union':
      return missing ? { key: 'validation.required' } : { key: 'validation.invalidSelection' };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField' };
    case 'not_multiple_of':
      return { key: 'validation.integer' };
    default:
      return { key: 'validation.format' };
  }
}

/** Interpolates {{name}} placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    params[name] === undefined ? m : String(params[name]),
  );
}
