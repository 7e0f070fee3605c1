import { z } from 'zod';

/** A boolean field that arrives as JSON true/false or as form-data 1/0. */
export const formBoolean = z.union(
  [
    z.boolean(),
    z.enum(['1', '0', 'true', 'false'], 'validation.boolean').transform((v) => v === '1' || v === 'true'),
  ],
  // A union reports "invalid input"; name the rule instead (a missing value keeps the required message).
  { error: (iss) => (iss.input === undefined ? undefined : 'validation.boolean') },
);

/** A number field that arrives as a JSON number or a form-data string. */
export const formNumber = z.union(
  [
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'validation.numeric')
      .transform(Number),
  ],
  { error: (iss) => (iss.input === undefined ? undefined : 'validation.numeric') },
);

/** A positive integer id (route params and foreign keys). */
export const idSchema = z.coerce
  .number('validation.integer')
  .int('validation.integer')
  .positive('validation.positive');
export const idParams = z.object({ id: idSchema });
