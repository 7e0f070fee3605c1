import { z } from 'zod';
import { listResponseSchema } from './list-query.schemas';

/** One option of a form's picker (GET /<resource>/options/<source>): its id, its label and a line telling alike apart. */
export const optionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  detail: z.string().nullable(),
});
export type OptionItem = z.infer<typeof optionSchema>;
export const optionsResponseSchema = listResponseSchema(optionSchema);

/**
 * A property a central user may work on (GET /properties/options): its id, name (label), code (detail) and the
 * country its phone numbers default to.
 */
/** A property to pick: its country (phone numbers) and time zone (the times of its records). */
export const propertyOptionSchema = optionSchema.extend({
  country: z.string().nullable(),
  timezone: z.string(),
});
export type PropertyOption = z.infer<typeof propertyOptionSchema>;
