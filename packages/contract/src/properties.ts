import { z } from 'zod';

/** Property types (SPEC §3). */
export const PROPERTY_TYPES = ['house', 'office', 'other'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/**
 * A property (tenant) as the central area lists it (`GET /properties`): what the tables, the dashboard's property
 * picker and the patrolling screen show. Secrets (the SMTP password) never appear in any answer.
 */
export const propertyListItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(PROPERTY_TYPES),
  zoneId: z.number().int().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  county: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Language codes offered on the property (the interface ships en, es, zh; others may be configured). */
  languages: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** With `include=zone`. */
  zone: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable().optional(),
});
export type PropertyListItem = z.infer<typeof propertyListItemSchema>;

/**
 * One property (`GET /properties/:id`): the list item plus its domains and email configuration. The SMTP
 * password is write-only: `mailPasswordSet` says whether one is stored.
 */
export const propertySchema = propertyListItemSchema.extend({
  accessDomain: z.string().nullable(),
  visitorDomain: z.string().nullable(),
  mailFromAddress: z.string().nullable(),
  mailUsername: z.string().nullable(),
  mailHost: z.string().nullable(),
  mailPort: z.number().int().nullable(),
  mailPasswordSet: z.boolean(),
  logoFileId: z.number().int().nullable(),
});
export type Property = z.infer<typeof propertySchema>;
