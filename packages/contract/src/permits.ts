import { CRUD, crudPages, defineResource, navEntry } from './resource';
import { z } from 'zod';
import { RESERVED_SPOT_PERMIT_TYPE_ID } from './constants';
import { applyFormRules, type FormRules } from './form-rules';

/**
 * Stored permit statuses. What a person sees (SPEC §4 labels) is `PERMIT_DISPLAY`; `expired` is never stored: an
 * approved permit whose end date has passed is shown and counted as expired from that day on (permitShownStatus).
 */
export const PERMIT_STATUSES = ['pending', 'approved', 'rejected', 'revoked', 'inactive'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];
export const PERMIT_SHOWN_STATUSES = [...PERMIT_STATUSES, 'expired'] as const;
export type PermitShownStatus = (typeof PERMIT_SHOWN_STATUSES)[number];

export const PERMIT_ACTIONS = ['approve', 'reject', 'revoke', 'restore', 'activate', 'deactivate'] as const;
export type PermitAction = (typeof PERMIT_ACTIONS)[number];

/**
 * THE permit workflow: for each action, the stored statuses it may start from and the status it leads to.
 * The server refuses every other move (422 `permits.transition`); the screens show only the actions allowed here.
 * - approve: a pending permit becomes valid (approved);
 * - reject: a pending permit is not approved (a rejection comment is required);
 * - revoke: a valid or deactivated permit is withdrawn for good, until restored;
 * - restore: a revoked or rejected permit goes back to pending approval;
 * - deactivate / activate: a valid permit is paused and resumed (a resident away, a car in the shop).
 */
export const PERMIT_TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  revoke: { from: ['approved', 'inactive'], to: 'revoked' },
  restore: { from: ['revoked', 'rejected'], to: 'pending' },
  activate: { from: ['inactive'], to: 'approved' },
  deactivate: { from: ['approved'], to: 'inactive' },
} as const satisfies Record<PermitAction, { from: readonly PermitStatus[]; to: PermitStatus }>;

/** The permission each action needs. */
export const PERMIT_ACTION_PERMISSIONS = {
  approve: 'permits.approve',
  reject: 'permits.reject',
  revoke: 'permits.revoke',
  restore: 'permits.restore',
  activate: 'permits.edit',
  deactivate: 'permits.edit',
} as const satisfies Record<PermitAction, string>;

/** The actions allowed from a stored status; none once the permit has expired (issue a new one). */
export function permitActionsFrom(status: PermitStatus, expired = false): PermitAction[] {
  return PERMIT_ACTIONS.filter(
    (a) =>
      (PERMIT_TRANSITIONS[a].from as readonly PermitStatus[]).includes(status) &&
      !(expired && a !== 'revoke'),
  );
}

/** What a permit counts as today: approved and not past its end date is valid; past it, expired. */
export function permitShownStatus(
  status: PermitStatus,
  expiresOn: string | null,
  today: string,
): PermitShownStatus {
  if (status === 'approved' && expiresOn !== null && expiresOn < today) return 'expired';
  return status;
}

/** The SPEC §4 label key of each shown status. */
export const PERMIT_DISPLAY: Record<PermitShownStatus, string> = {
  pending: 'permits.status.pending',
  approved: 'permits.status.approved',
  rejected: 'permits.status.rejected',
  revoked: 'permits.status.revoked',
  inactive: 'permits.status.inactive',
  expired: 'permits.status.expired',
};

export const PERMIT_CODE_MAX = 30;
export const PERMIT_TEXT_MAX = 255;
export const PERMIT_COMMENT_MAX = 1000;
/** PUT /permits/:id?action=change-vehicle: the resident's car changes; counts against changes allowed. */
export const PERMIT_EDIT_ACTIONS = ['change-vehicle'] as const;
export type PermitEditAction = (typeof PERMIT_EDIT_ACTIONS)[number];

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
};

/**
 * The permit body with its SPEC §5 rules. For managers, in create or edit unless the action is `change-vehicle`,
 * permit type 2 (reserved spot) needs a spot (not empty, not 0) and an end date.
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

/** GET /permits: filter[status] takes shown statuses (expired included); filter[term] searches code, plate, owner. */
export const permitsListQuery = {
  filters: ['status', 'residentId', 'vehicleId', 'permitTypeId'],
  sorts: ['code', 'createdAt', 'expiresOn', 'status'],
  includes: ['resident', 'vehicle', 'permitType', 'spot'],
  defaultSort: '-createdAt',
} as const;

/** Printable permit formats (SPEC §9): ppm1 top-left perforated, ppm2 bottom-left peel. */
export const PERMIT_PAPER_FORMATS = ['ppm1', 'ppm2'] as const;
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
  validTo: z.string().nullable(),
  valid: z.boolean(),
});
export type PublicPermit = z.infer<typeof publicPermitSchema>;

/** A code proposal for a new permit: the property's code prefix and 6 unambiguous characters. */
export function suggestPermitCode(prefix: string, random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 6; i++) s += alphabet[Math.floor(random() * alphabet.length)];
  return `${prefix.slice(0, 6).toUpperCase()}-${s}`;
}

export const permitsResource = defineResource({
  name: 'permits',
  actions: [...CRUD, 'approve', 'reject', 'revoke', 'restore'],
  routes: crudPages('permits', 'permitId', { approve: 'approve', reject: 'reject' }),
  nav: [navEntry('account', '/my/permits', 'myPermits'), navEntry('property', '/permits', 'permits')],
  audited: { permits: { record: '/permits/{id}/show' } },
});
