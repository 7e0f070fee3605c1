import { languageCodeSchema, languageCodeSchemaWith } from './language-code.schemas';
import { z } from 'zod';
import { phoneSchema } from './phone.schemas';

/** The signed-in resident's own profile (`GET /my/profile`, tenant area, residents only; SPEC §2.3). */
export const profileSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: languageCodeSchema,
  /** The languages the resident may choose: the property's. */
  languages: z.array(languageCodeSchema),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  property: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** The units the resident holds, first unit first: the unit's name and its building's. */
  units: z.array(z.object({ name: z.string(), building: z.string() })),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `PUT /my/profile`. The phone is stored in E.164, `+` and 7–15 digits (SPEC §5, §9): a national number is read in
 * the property's country (phoneSchema); an empty or null phone removes it, and an absent one leaves it as it is.
 * The server also requires the language to be one of the property's (errors.languageNotAllowed on `language`)
 * and the phone to be free in the property (validation.inUse on `phone`).
 */
export const profileBodyFor = (country?: string | null) =>
  z.object({
    fullName: z
      .string({ error: (iss) => (iss.code === 'invalid_type' ? 'validation.required' : undefined) })
      .trim()
      .min(1, 'validation.required')
      .max(255),
    phone: phoneSchema(country),
    language: languageCodeSchemaWith({
      error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.invalidSelection'),
    }),
  });
export const profileBody = profileBodyFor();
export type ProfileBody = z.input<typeof profileBody>;

export const profileUpdateResponse = z.object({ profile: profileSchema, message: z.string() });
