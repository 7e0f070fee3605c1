import { z } from 'zod';
import { RESERVED_SPOT_PERMIT_TYPE_ID } from './constants';
import { bulkIdsBody } from './bulk.schemas';
import { fileRef } from './vehicles.schemas';
import { applyFormRules, type FormRules } from './form-rules.schemas';
import {
  PERMIT_STATUSES,
  PERMIT_SHOWN_STATUSES,
  PERMIT_ACTIONS,
  PERMIT_CODE_MAX,
  PERMIT_TEXT_MAX,
  PERMIT_COMMENT_MAX,
  PERMIT_EDIT_ACTIONS,
  PermitEditAction,
  PERMIT_PAPER_FORMATS,
} from './permits';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const optionalDate = z.iso
  .date('validation.date')
  .nullish()
  .or(z.literal('').transform(() => null));

/** The permit form of SPEC §3 (without the attachment). */
export const permitFields = {
  code: z.string().trim().min(1, 'validation.required').max(PERMIT_CODE_MAX),
  residentId: z.number({ error: 'validation.required' }).int().positive(),
  permitTypeId: z.number({ error: 'validation.required' }).int().positive(),
  vehicleId: z.number().int().positive().nullish(),
  spotId: z.number().int().nullish(),
  name: optionalText(PERMIT_TEXT_MAX),
  email: optionalText(PERMIT_TEXT_MAX),
  unit: optionalText(PERMIT_TEXT_MAX),
  startDate: optionalDate,
  endDate: optionalDate,
  active: z.boolean().optional(),
  /**
   * Create only: issue the permit valid at once (approved in the same transaction, audited as created and approved),
   * or, false, leave it pending approval whatever the property's settings say. Needs `permits.approve` to be true
   * (403 otherwise); left out, the property's settings decide (decision 0039 §11).
   */
  issueValid: z.boolean().optional(),
};

/**
 * The permit body with its SPEC §5 rules. For managers, in create or edit unless the action is `change-vehicle`,
 * permit type 2 (reserved spot) needs a spot (not empty, not 0) and an end date. Whether the permit type needs a
 * vehicle is the type's (`vehicleRequired`), checked by the server against the database.
 */
export function permitBodyFor(opts: {
  manager: boolean;
  action?: PermitEditAction | null;
  rules?: Partial<FormRules>;
}) {
  return applyFormRules(permitFields, 'permits', opts.rules).superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'permits.endBeforeStart' });
    if (opts.manager && opts.action !== 'change-vehicle' && v.permitTypeId === RESERVED_SPOT_PERMIT_TYPE_ID) {
      if (!v.spotId) ctx.addIssue({ code: 'custom', path: ['spotId'], message: 'permits.spotRequired' });
      if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'permits.endDateRequired' });
    }
  });
}
/** The body the API documents; the server applies permitBodyFor with the caller's role and action. */
export const permitBody = permitBodyFor({ manager: false });
export type PermitBody = z.input<typeof permitBody>;

export const permitEditQuery = z.object({ action: z.enum(PERMIT_EDIT_ACTIONS).optional() });

/** POST /permits/:id/{action}: the rejection comment is required to reject. */
export const permitTransitionBody = z.object({ comment: optionalText(PERMIT_COMMENT_MAX) });
export type PermitTransitionBody = z.input<typeof permitTransitionBody>;
/** POST /permits/bulk/revoke: the permits and the one comment the one-row revoke asks (optional), for each. */
export const permitBulkRevokeBody = bulkIdsBody.extend({ comment: optionalText(PERMIT_COMMENT_MAX) });
export type PermitBulkRevokeBody = z.input<typeof permitBulkRevokeBody>;
export const permitActionParams = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(PERMIT_ACTIONS),
});

export const permitItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  residentId: z.number().int(),
  vehicleId: z.number().int().nullable(),
  permitTypeId: z.number().int(),
  spotId: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  unit: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The last day the permit is valid: the end date, else the validity of the property's settings, else the lease. */
  expiresOn: z.string().nullable(),
  status: z.enum(PERMIT_STATUSES),
  shownStatus: z.enum(PERMIT_SHOWN_STATUSES),
  /** The actions allowed now (PERMIT_TRANSITIONS). */
  actions: z.array(z.enum(PERMIT_ACTIONS)),
  rejectionComment: z.string().nullable(),
  /** The permit's file (SPEC §3 "file (optional attachment)"): POST/GET/DELETE /permits/:id/file. */
  file: fileRef,
  vehicleChanges: z.number().int(),
  year: z.number().int(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** include=resident */
  resident: z
    .object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() })
    .nullable()
    .optional(),
  /** include=vehicle */
  vehicle: z
    .object({
      id: z.number().int(),
      plate: z.string(),
      makeName: z.string().nullable(),
      color: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** include=permitType */
  permitType: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** include=spot */
  spot: z.object({ id: z.number().int(), number: z.string() }).nullable().optional(),
});
export type PermitItem = z.infer<typeof permitItemSchema>;
export const permitPrintQuery = z.object({
  format: z.enum(PERMIT_PAPER_FORMATS).default('ppm1'),
  marginLeft: z.coerce.number().min(0).max(100).default(10),
  marginTop: z.coerce.number().min(0).max(100).default(10),
  marginRight: z.coerce.number().min(0).max(100).default(10),
  marginBottom: z.coerce.number().min(0).max(100).default(10),
});

/** GET /public/permits/:token: what anyone holding the printed permit's QR code may see, nothing personal. */
export const publicPermitSchema = z.object({
  code: z.string(),
  plate: z.string().nullable(),
  propertyName: z.string(),
  shownStatus: z.enum(PERMIT_SHOWN_STATUSES),
  validFrom: z.string().nullable(),
  /** A resident permit's dates (YYYY-MM-DD); a visitor permit's instants (ISO date-time). */
  validTo: z.string().nullable(),
  valid: z.boolean(),
  /** A resident's permit or a visitor permit (same check page, same labels). */
  kind: z.enum(['resident', 'visitor']).optional(),
  /** The property's time zone: a visitor permit's instants are shown in it (decision 0039 §12). */
  timezone: z.string(),
});
export type PublicPermit = z.infer<typeof publicPermitSchema>;

/**
 * POST /my/permits: a resident asks for a resident permit for one of their vehicles. It starts pending (staff
 * approve it in the permit workflow); the code is the property's and is given by the server.
 */
export const myPermitBody = z.object({
  vehicleId: z.number({ error: 'validation.required' }).int().positive(),
  startDate: optionalDate,
});
export type MyPermitBody = z.input<typeof myPermitBody>;

/** PUT /my/permits/:id: the resident moves the permit to another of their vehicles (counts as a change). */
export const myPermitEditBody = z.object({
  vehicleId: z.number({ error: 'validation.required' }).int().positive(),
});
export type MyPermitEditBody = z.input<typeof myPermitEditBody>;
