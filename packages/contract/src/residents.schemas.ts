import { languageCodeSchema } from './language-code.schemas';
import { z } from 'zod';
import { bulkIdsBody } from './bulk.schemas';
import { requiredText } from './catalogs/catalog.schemas';
import { EMAIL_MAX, RESET_PASSWORD_MIN } from './constants';
import { applyFormRules, type FormRules } from './form-rules.schemas';
import { formBoolean } from './form-data.schemas';
import { phoneSchema } from './phone.schemas';
import {
  RESIDENT_STATUSES,
  RESIDENT_NAME_MAX,
  RESIDENT_CODE_MAX,
  RESIDENT_UNITS_MAX,
  RESIDENTS_BULK_MAX,
  RESIDENT_IMPORT_STATES,
  SIGNATURE_MAX_CHARS,
} from './residents';
import { importRejectSchema } from './units.schemas';
import { renderedDocumentSchema } from './documents.schemas';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
/** A per-resident limit; null: the property's setting applies. */
const limit = (max: number) => z.number().int('validation.integer').min(0).max(max).nullish();

/** POST /residents, PUT /residents/:id (SPEC §3 Resident). The building name is the one of the first unit. */
export const residentFields = {
  fullName: requiredText(RESIDENT_NAME_MAX),
  email: z
    .string()
    .trim()
    .min(1, 'validation.emailRequired')
    .max(EMAIL_MAX)
    .pipe(z.email('validation.email')),
  /** E.164; a national number is read in the United States here, in the property's country in residentBodyFor. */
  phone: phoneSchema(),
  code: optionalText(RESIDENT_CODE_MAX),
  language: languageCodeSchema.default('en'),
  unitIds: z.array(z.number().int().positive()).min(1, 'validation.required').max(RESIDENT_UNITS_MAX),
  /** Null or absent: on create, the property's rule (newResidentStatus); on edit, unchanged. */
  status: z.enum(RESIDENT_STATUSES).nullish(),
  leaseExpirationAt: z.iso.date('validation.date').nullish(),
  vehiclesAllowed: limit(50),
  visitorVehiclesAllowed: limit(20),
  changesAllowed: limit(100),
  reservationsAllowed: limit(20),
  reservedPermitChanges: limit(100),
  tempVisitorVehicles: limit(20),
  visitorLimit: limit(1000),
  /** Optional: without one the resident receives a link to choose a password. */
  password: z
    .string()
    .min(RESET_PASSWORD_MIN)
    .max(255)
    .nullish()
    .or(z.literal('').transform(() => null)),
};
/** Without the phone pattern (a property that takes phone numbers as people write them). */
const residentRelaxed = {
  phone: z
    .string()
    .trim()
    .max(16)
    .nullish()
    .transform((v) => v || null),
};
/**
 * The resident body under a property's form rules (FORM_RULE_FIELDS.residents), national phone numbers read in the
 * property's country (phoneCountry).
 */
export const residentBodyFor = (rules?: Partial<FormRules>, country?: string | null) =>
  applyFormRules({ ...residentFields, phone: phoneSchema(country) }, 'residents', rules, residentRelaxed);
export const residentBody = residentBodyFor();
export type ResidentBody = z.input<typeof residentBody>;

export const residentUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
});

export const residentItemSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  code: z.string().nullable(),
  language: z.string(),
  status: z.enum(RESIDENT_STATUSES),
  /** The first unit's building (SPEC §3 "building name"). */
  buildingName: z.string().nullable(),
  leaseExpirationAt: z.string().nullable(),
  vehiclesAllowed: z.number().int().nullable(),
  visitorVehiclesAllowed: z.number().int().nullable(),
  changesAllowed: z.number().int().nullable(),
  reservationsAllowed: z.number().int().nullable(),
  reservedPermitChanges: z.number().int().nullable(),
  tempVisitorVehicles: z.number().int().nullable(),
  visitorLimit: z.number().int().nullable(),
  /** When the resident signed the parking agreement (the signature itself is not sent). */
  signedAt: z.string().nullable(),
  recoveryAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  unitIds: z.array(z.number().int()),
  /** include=units */
  units: z.array(residentUnitSchema).optional(),
  /** include=vehicles: the resident's active vehicles */
  vehicles: z
    .array(z.object({ id: z.number().int(), plate: z.string(), makeName: z.string().nullable() }))
    .optional(),
  /** include=permits: the resident's permits and their shown status */
  permits: z.array(z.object({ id: z.number().int(), code: z.string(), status: z.string() })).optional(),
});
export type ResidentItem = z.infer<typeof residentItemSchema>;

/** PUT /residents/:id/status */
export const residentStatusBody = z.object({
  status: z.enum(RESIDENT_STATUSES, 'validation.invalidSelection'),
});
export type ResidentStatusBody = z.input<typeof residentStatusBody>;
/** POST /residents/bulk/status: the residents and the status each gets (as PUT /residents/:id/status). */
export const residentBulkStatusBody = bulkIdsBody.extend(residentStatusBody.shape);
export type ResidentBulkStatusBody = z.input<typeof residentBulkStatusBody>;

/** PUT /residents/:id/restore: the unit the resident comes back to and the new lease end. */
export const residentRestoreBody = z.object({
  unitId: z.number({ error: 'validation.required' }).int().positive(),
  leaseExpirationAt: z.iso.date('validation.date'),
});
export type ResidentRestoreBody = z.input<typeof residentRestoreBody>;

/** PUT /residents/:id/password: staff set a resident's password. */
export const residentPasswordBody = z
  .object({
    password: z.string().min(RESET_PASSWORD_MIN).max(255),
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'validation.passwordsMismatch',
  });
export type ResidentPasswordBody = z.input<typeof residentPasswordBody>;
export const residentIdsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'validation.required').max(RESIDENTS_BULK_MAX),
});
export type ResidentIdsBody = z.input<typeof residentIdsBody>;
export const residentsQueuedSchema = z.object({ message: z.string(), queued: z.number().int() });

/**
 * GET /residents/import-status/:id. `checking`: every row is read and checked (rowsDone counts them); any bad
 * row ends in `rejected` with nothing written; otherwise `importing` writes the rows (rowsDone counts again from 0)
 * and ends in `done`. `failed`: the file could not be read (message says why).
 */
export const residentImportStatusSchema = z.object({
  id: z.number().int(),
  state: z.enum(RESIDENT_IMPORT_STATES),
  fileName: z.string(),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  imported: z.number().int(),
  rejected: z.array(importRejectSchema),
  message: z.string().nullable(),
  /** Each new resident is emailed their own link as the rows are written. */
  sendLinks: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ResidentImportStatus = z.infer<typeof residentImportStatusSchema>;
/** POST /residents/import: the multipart fields beside the file. */
export const residentImportBody = z.object({
  /** Email each new resident their own link (details, password, agreement) as the import writes them. */
  sendLinks: formBoolean.optional().default(false),
});
export const residentImportStartedSchema = z.object({ id: z.number().int(), state: z.literal('queued') });
export const residentTokenSchema = z.string().min(20).max(64);

/** GET /public/residents/token/{token}, GET /public/residents/{id}?token= */
export const publicResidentSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string(),
  status: z.enum(RESIDENT_STATUSES),
  propertyName: z.string(),
  /** The property's country: the form reads a national phone number in it (phoneCountry). */
  propertyCountry: z.string().nullable(),
  /** The property's time zone: the day the agreement was signed there (decision 0039 §12). */
  propertyTimezone: z.string(),
  /** "Building · unit" of each unit. */
  units: z.array(z.string()),
  /** False until the resident chose a password: the registration form then asks for one. */
  hasPassword: z.boolean(),
  /** True once POST /public/residents completed the details through this link. */
  registered: z.boolean(),
  signedAt: z.string().nullable(),
  /**
   * The agreement the resident signs, in their language: the property's document (decision 0042) with its variables
   * written — what the PDF says. `text` is the same as plain text.
   */
  agreement: z.object({ title: z.string(), text: z.string(), document: renderedDocumentSchema }),
  linkExpiresAt: z.string(),
});
export type PublicResident = z.infer<typeof publicResidentSchema>;

/**
 * POST /public/residents: the resident completes their registration through their link (a national phone number
 * read in the property's country).
 */
export const publicResidentRegisterBodyFor = (country?: string | null) =>
  z
    .object({
      token: residentTokenSchema,
      fullName: requiredText(RESIDENT_NAME_MAX),
      phone: phoneSchema(country),
      language: languageCodeSchema,
      /** Required when the resident has no password yet (the server says so on this field). */
      password: z
        .string()
        .min(RESET_PASSWORD_MIN)
        .max(255)
        .nullish()
        .or(z.literal('').transform(() => null)),
      passwordConfirmation: z.string().nullish(),
    })
    .refine((v) => !v.password || v.password === v.passwordConfirmation, {
      path: ['passwordConfirmation'],
      message: 'validation.passwordsMismatch',
    });
export const publicResidentRegisterBody = publicResidentRegisterBodyFor();
export type PublicResidentRegisterBody = z.input<typeof publicResidentRegisterBody>;

/** PUT /public/residents/agreement/signature/{id}?token=: the drawn signature and the agreement to the terms. */
export const residentSignatureBody = z.object({
  signature: z
    .string()
    .max(SIGNATURE_MAX_CHARS, 'residents.signature.tooLarge')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'residents.signature.invalid'),
  agree: z.literal(true, 'residents.signature.agreeRequired'),
});
export type ResidentSignatureBody = z.input<typeof residentSignatureBody>;
