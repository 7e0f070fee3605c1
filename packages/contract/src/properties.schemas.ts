import { languageCodeSchema } from './language-code.schemas';
import { z } from 'zod';
import { requiredText } from './catalogs/catalog.schemas';
import { EMAIL_MAX, POSTAL_CODE_PATTERN } from './constants';
import {
  PROPERTY_TYPES,
  RESERVED_PROPERTY_CODES,
  PROPERTY_CODE_PATTERN,
  HOST_NAME_PATTERN,
  isTimeZone,
  SMTP_PORT_VALUES,
  checkMailConfig,
  VISITOR_VALIDITY_UNITS,
  TENANT_HOST_KINDS,
} from './properties';
import { POSTER_APPROVALS } from './visitors';

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
  mailTlsInsecure: z.boolean(),
  logoFileId: z.number().int().nullable(),
  settings: z.lazy(() => propertySettingsSchema),
});
export type Property = z.infer<typeof propertySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || HOST_NAME_PATTERN.test(v), 'properties.invalidHost');

export const propertyCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(63)
  .regex(PROPERTY_CODE_PATTERN, 'properties.invalidCode')
  .refine((c) => !RESERVED_PROPERTY_CODES.includes(c), 'properties.reservedCode');

/** The fields of the property form (SPEC §3) shared by create and update. */
const propertyFields = {
  name: requiredText(255),
  type: z.enum(PROPERTY_TYPES, 'validation.invalidSelection'),
  zipcode: optionalText(10).refine((v) => v === null || POSTAL_CODE_PATTERN.test(v), 'validation.postalCode'),
  city: optionalText(120),
  state: optionalText(120),
  country: optionalText(120),
  county: optionalText(120),
  address: optionalText(255),
  timezone: z.string().trim().min(1, 'validation.required').refine(isTimeZone, 'properties.invalidTimezone'),
  latitude: z.number().min(-90, 'properties.invalidLatitude').max(90, 'properties.invalidLatitude').nullish(),
  longitude: z
    .number()
    .min(-180, 'properties.invalidLongitude')
    .max(180, 'properties.invalidLongitude')
    .nullish(),
  accessDomain: hostName,
  visitorDomain: hostName,
  languages: z.array(languageCodeSchema).min(1, 'validation.required'),
  zoneId: z.number().int().positive().nullish(),
  active: z.boolean().default(true),
  mailFromAddress: z
    .string()
    .trim()
    .max(EMAIL_MAX)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, 'validation.email'),
  mailUsername: optionalText(255),
  /** Write-only. On update, empty keeps the stored password; `mailPasswordClear` removes it. */
  mailPassword: z
    .string()
    .max(255)
    .nullish()
    .transform((v) => v || null),
  mailHost: optionalText(255).refine((v) => v === null || /^[a-z0-9.-]+$/i.test(v), 'properties.invalidHost'),
  mailPort: z
    .number()
    .int()
    .nullish()
    .refine((v) => v == null || (SMTP_PORT_VALUES as number[]).includes(v), 'properties.invalidPort'),
  /**
   * The explicit opt-out from verified mail TLS (self-signed certificate, no STARTTLS). Off by default; the form
   * warns, and the change is audited like every property change.
   */
  mailTlsInsecure: z.boolean().default(false),
};

/** POST /properties. The code becomes the subdomain at once and never changes afterwards. */
export const propertyCreateBody = z
  .object({ code: propertyCodeSchema, ...propertyFields })
  .superRefine((v, ctx) => {
    for (const i of checkMailConfig(v, false)) ctx.addIssue({ code: 'custom', ...i, path: [i.path] });
  });
export type PropertyCreateBody = z.input<typeof propertyCreateBody>;

/**
 * PUT /properties/:id: every field but the code (immutable once created: a 422 names it if sent changed).
 * An empty password keeps the stored one unless `mailPasswordClear`; the all-or-none rule is checked by the
 * server against what is stored.
 */
export const propertyUpdateBody = z.object({
  code: z.string().optional(),
  ...propertyFields,
  mailPasswordClear: z.boolean().default(false),
});
export type PropertyUpdateBody = z.input<typeof propertyUpdateBody>;

/** POST /properties/:id/test-email: sends a message with the property's stored mail settings. */
export const propertyTestEmailBody = z.object({
  to: z.string().trim().min(1, 'validation.emailRequired').max(EMAIL_MAX).pipe(z.email('validation.email')),
});
/** What the SMTP server answered (or the error it gave), and which settings were used. */
export const propertyTestEmailResultSchema = z.object({
  ok: z.boolean(),
  usedDefaults: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  response: z.string(),
});
export type PropertyTestEmailResult = z.infer<typeof propertyTestEmailResultSchema>;

/**
 * Property settings (SPEC §2.5): typed, validated, with defaults. The stored JSON is read through this schema,
 * so a key missing in an old row takes its default and later issues can add keys without a migration.
 */
const int = (min: number, max: number, dflt: number) => z.number().int().min(min).max(max).default(dflt);
export const propertySettingsSchema = z.object({
  general: z
    .object({
      /** Residents may register themselves through the public link. */
      residentSelfRegistration: z.boolean().default(true),
      /** New residents must sign the parking agreement before their permits are issued. */
      agreementRequired: z.boolean().default(true),
      /** Staff receive an email when a resident or visitor registers. */
      notifyStaffOnRegistration: z.boolean().default(false),
    })
    .prefault({}),
  residentPermits: z
    .object({
      vehiclesAllowed: int(0, 50, 2),
      changesAllowed: int(0, 100, 3),
      approvalRequired: z.boolean().default(true),
      /** Months a resident permit stays valid (0: until the lease ends). */
      validityMonths: int(0, 120, 12),
      /** Days before a permit's last day its resident is mailed a reminder (0: never; decision 0041). */
      expiryReminderDays: int(0, 60, 0),
    })
    .prefault({}),
  reservedSpaces: z
    .object({
      reservationsAllowed: int(0, 20, 1),
      reservedPermitChanges: int(0, 100, 1),
      /** The longest reservation, in days. */
      maxReservationDays: int(1, 3660, 365),
      /** A resident's request for a reserved spot waits for staff approval (else it is confirmed at once). */
      approvalRequired: z.boolean().default(true),
    })
    .prefault({}),
  visitorPermits: z
    .object({
      validityAmount: int(1, 10000, 24),
      validityUnit: z.enum(VISITOR_VALIDITY_UNITS).default('hours'),
      /** Visitor permits a resident may register within the rolling window. */
      visitorLimit: int(0, 1000, 10),
      visitorLimitWindowDays: int(1, 365, 30),
      visitorVehiclesAllowed: int(0, 20, 2),
      tempVisitorVehicles: int(0, 20, 1),
      /** At most this many nights in a row per plate, any resident (0 = no limit; decision 0022). */
      maxNightsInRow: int(0, 365, 0),
      approvalRequired: z.boolean().default(false),
      /** Who approves a registration made through the property's poster (POSTER_APPROVALS). */
      posterApproval: z.enum(POSTER_APPROVALS).default('resident'),
      /** Days before a visitor permit ends its host resident is mailed a reminder (0: never; decision 0041). */
      expiryReminderDays: int(0, 60, 0),
    })
    .prefault({}),
  other: z
    .object({
      /** Patrol check-in must be within this many metres of the property's coordinates. */
      checkInRadiusMeters: int(50, 5000, 300),
      /** Hours a warned vehicle has before it may be towed. */
      towGraceHours: int(0, 720, 24),
      /** Shown on printed permits and emails. */
      contactPhone: z.string().trim().max(20).nullable().default(null),
      /** The most mails a bulk send gives the mail server per minute (decision 0043): providers limit senders. */
      bulkMailPerMinute: int(10, 12_000, 600),
    })
    .prefault({}),
});
export type PropertySettings = z.output<typeof propertySettingsSchema>;
export type PropertySettingsInput = z.input<typeof propertySettingsSchema>;
/**
 * PUT …/settings: any of the sections; a section sent replaces that section (its missing keys take their
 * defaults), sections not sent are kept. The merged settings are validated with propertySettingsSchema.
 */
const section = z.record(z.string(), z.unknown()).optional();
export const propertySettingsPatch = z.strictObject({
  general: section,
  residentPermits: section,
  reservedSpaces: section,
  visitorPermits: section,
  other: section,
});
export type PropertySettingsPatch = z.input<typeof propertySettingsPatch>;

/** Every default, for a new property and for reading old rows. */
export const DEFAULT_PROPERTY_SETTINGS: PropertySettings = propertySettingsSchema.parse({});
export const tenantHostSchema = z.object({
  host: z.string(),
  kind: z.enum(TENANT_HOST_KINDS),
  propertyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type TenantHost = z.infer<typeof tenantHostSchema>;
