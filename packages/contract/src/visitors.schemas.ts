import { z } from 'zod';
import { applyFormRules, type FormRules } from './form-rules.schemas';
import { phoneSchema } from './phone.schemas';
import { displayPlate, normalizePlate, PLATE_MAX, VEHICLE_TYPES } from './vehicles';
import { VISITOR_VALIDITY_UNITS } from './properties';
import {
  VISITOR_CODE_MAX,
  VISITOR_LIMITS,
  VISITOR_NAME_MAX,
  VISITOR_PERMIT_STATUSES,
  VISITOR_PERSON_ACTIONS,
  VISITOR_REASON_MAX,
  VISITOR_SHOWN_STATUSES,
  VISITOR_SOURCES,
  VISITOR_TEXT_MAX,
} from './visitors';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const optionalId = z.number().int().positive().nullish();

/**
 * POST /visitors, PUT /visitors/:id (SPEC §3 Visitor). The plate is optional under the form rules: a visitor
 * without one gets no permit ('no status') until a plate is given. `validFrom` (ISO date-time, default now) starts
 * the permit; its end is the property's visitor permit validity. `overrideReason`: staff exceed a limit (audited).
 */
export const visitorFields = {
  name: z.string().trim().min(1, 'validation.required').max(VISITOR_NAME_MAX),
  phone: phoneSchema(),
  email: z
    .string()
    .trim()
    .max(VISITOR_NAME_MAX)
    .transform((v) => v || null)
    .pipe(z.email('validation.email').nullable())
    .nullish(),
  plate: z
    .string()
    .trim()
    .max(PLATE_MAX)
    .refine((p) => p === '' || normalizePlate(p).length >= 2, 'vehicles.plateFormat')
    .nullish()
    .transform((v) => (v ? displayPlate(v) : null)),
  stateId: optionalId,
  makeId: optionalId,
  modelId: optionalId,
  color: optionalText(VISITOR_TEXT_MAX),
  vehicleType: z.enum(VEHICLE_TYPES, 'validation.invalidSelection').nullish(),
  temporaryPlates: z.boolean().default(false),
  residentId: z.number({ error: 'validation.required' }).int().positive(),
  unitId: optionalId,
  validFrom: z.iso
    .datetime({ offset: true, error: 'validation.date' })
    .nullish()
    .or(z.literal('').transform(() => null)),
  overrideReason: optionalText(VISITOR_REASON_MAX),
};
const visitorRelaxed = {
  phone: z
    .string()
    .trim()
    .max(16)
    .nullish()
    .transform((v) => v || null),
};
/** The visitor body under a property's form rules (FORM_RULE_FIELDS.visitors); phones read in `country`. */
export const visitorBodyFor = (rules?: Partial<FormRules>, country?: string | null) =>
  applyFormRules({ ...visitorFields, phone: phoneSchema(country) }, 'visitors', rules, visitorRelaxed);
export const visitorBody = visitorBodyFor();
export type VisitorBody = z.input<typeof visitorBody>;

/** POST /visitors/:id/{approve|reject|revoke}: a comment (the reason, shown to the resident) is optional. */
export const visitorTransitionBody = z.object({ comment: optionalText(VISITOR_REASON_MAX) });
export const visitorActionParams = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(VISITOR_PERSON_ACTIONS),
});

/** The headers SPEC §7 names for POST /visitors (`module: visitors`, `action: create`): accepted, not required. */
export const visitorCreateHeaders = z
  .object({ module: z.string().max(50).optional(), action: z.string().max(50).optional() })
  .loose();

export const visitorItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  plate: z.string().nullable(),
  plateNormalized: z.string().nullable(),
  stateId: z.number().int().nullable(),
  makeId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  color: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  temporaryPlates: z.boolean(),
  residentId: z.number().int(),
  unitId: z.number().int().nullable(),
  permitCode: z.string().nullable(),
  /** The stored status; null: no permit. */
  permitStatus: z.enum(VISITOR_PERMIT_STATUSES).nullable(),
  /** What it counts as now: a valid permit past its end is expired from that instant; `none` = 'no status'. */
  shownStatus: z.enum(VISITOR_SHOWN_STATUSES),
  /** The actions allowed now (VISITOR_PERMIT_TRANSITIONS). */
  actions: z.array(z.enum(VISITOR_PERSON_ACTIONS)),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  statusComment: z.string().nullable(),
  overrideReason: z.string().nullable(),
  /** How the visitor was registered (VISITOR_SOURCES). */
  source: z.enum(VISITOR_SOURCES),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * GET /visitors/{id}, POST and PUT /visitors: the permit's public check page (`{origin}/permit/{token}`, what its
   * QR code opens: plate, validity and status, nothing personal); null without a permit; absent from the list.
   */
  checkUrl: z.string().nullable().optional(),
  /** include=resident */
  resident: z
    .object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() })
    .nullable()
    .optional(),
  /** include=unit */
  unit: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** include=make */
  make: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** include=model */
  model: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** include=state */
  state: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type VisitorItem = z.infer<typeof visitorItemSchema>;

/** GET /visitors/refresh-expired-permits */
export const visitorRefreshSchema = z.object({ message: z.string(), expired: z.number().int() });

/** A refused permit (422 `visitors.limit.*`): which limit, its value, and when the next permit is possible. */
export const visitorLimitDetail = z.object({
  limit: z.enum(VISITOR_LIMITS),
  max: z.number().int(),
  nextPossibleAt: z.string().nullable(),
});
export const VISITOR_PERMIT_CODE_MAX = VISITOR_CODE_MAX;

/**
 * GET /visitors/validity, GET /my/visitors/validity: how long a new visitor permit lasts (the property's setting),
 * and whether it waits for approval — its time then starts at approval, or at the start chosen if later
 * (decision 0039 §8) — for the form to say.
 */
export const visitorValiditySchema = z.object({
  amount: z.number().int(),
  unit: z.enum(VISITOR_VALIDITY_UNITS),
  approval: z.boolean(),
});
export type VisitorValidity = z.infer<typeof visitorValiditySchema>;

/**
 * POST /my/visitors, PUT /my/visitors/:id: the signed-in resident's own visitor. The resident visited is the one
 * who calls, and a resident cannot go beyond a limit, so neither `residentId` nor `overrideReason` is sent.
 */
export const myVisitorBodyFor = (rules?: Partial<FormRules>, country?: string | null) => {
  const { residentId: _r, overrideReason: _o, ...fields } = visitorFields;
  return applyFormRules({ ...fields, phone: phoneSchema(country) }, 'visitors', rules, visitorRelaxed);
};
export const myVisitorBody = myVisitorBodyFor();
export type MyVisitorBody = z.input<typeof myVisitorBody>;
