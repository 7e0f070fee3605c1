import { z } from 'zod';
import { LANGUAGE_DIRECTIONS, LANGUAGE_NAME_MAX, isIso6391 } from './language-codes';

export const languageCodeItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  direction: z.enum(LANGUAGE_DIRECTIONS),
  active: z.boolean(),
  position: z.number().int(),
  /** Ships with the product (en, es, zh): its texts are in every release; it cannot be deactivated if English. */
  shipped: z.boolean(),
  /** Keys with a text of its own (uploaded or shipped), of all keys, in % (floored to 0.1); English fills the rest. */
  coverage: z.number(),
  texts: z.number().int(),
});
export type LanguageCodeItem = z.infer<typeof languageCodeItemSchema>;

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(LANGUAGE_NAME_MAX);

export const languageCodeUpdateBody = z.object({
  name,
  nativeName: name,
  direction: z.enum(LANGUAGE_DIRECTIONS, 'validation.invalidSelection'),
  active: z.boolean().default(true),
});
export type LanguageCodeUpdateBody = z.input<typeof languageCodeUpdateBody>;

export const languageCodeCreateBody = languageCodeUpdateBody.extend({
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .toLowerCase()
    .min(1, 'validation.required')
    .refine(isIso6391, 'languageCodes.notIso'),
});
export type LanguageCodeCreateBody = z.input<typeof languageCodeCreateBody>;
