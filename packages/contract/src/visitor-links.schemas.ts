import { z } from 'zod';
import { phoneSchema } from './phone.schemas';
import { displayPlate, normalizePlate, PLATE_MAX, VEHICLE_TYPES } from './vehicles';
import { VISITOR_NAME_MAX, VISITOR_SHOWN_STATUSES, VISITOR_SOURCES } from './visitors';
import { visitorFields } from './visitors.schemas';

/*
 * Public visitor registration (SPEC §2.1, §7; decision 0023): the visitor's own calls through a link's token, and
 * the staff and resident calls that make those links (a personal link, the property's poster).
 */

/** The kinds of visitor link: a personal link for one visitor, the property's poster, a visitor's receipt. */
export const VISITOR_LINK_KINDS = ['personal', 'poster', 'receipt'] as const;
export type VisitorLinkKind = (typeof VISITOR_LINK_KINDS)[number];

/** A link token as it travels in a path or a query (256 bits in base64url: 43 characters). */
export const visitorTokenSchema = z.string().trim().min(20).max(64);

/** What the visitor gives about themselves and their vehicle (both ways in): the staff form's fields, the plate
 * required (a visitor registers to get a permit). */
const visitorSelf = (country?: string | null) => ({
  token: visitorTokenSchema,
  name: visitorFields.name,
  phone: phoneSchema(country),
  email: visitorFields.email,
  plate: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PLATE_MAX)
    .refine((p) => normalizePlate(p).length >= 2, 'vehicles.plateFormat')
    .transform(displayPlate),
  color: visitorFields.color,
  vehicleType: visitorFields.vehicleType,
  temporaryPlates: visitorFields.temporaryPlates,
});

/**
 * POST /public/visitors: a visitor registers through the property's poster, naming whom they visit: the unit
 * (as written on the door) and the resident's full last name (accents and case aside; decision 0037). Both must
 * match a resident of that unit; the answer does not say which was wrong.
 */
export const publicVisitorPosterBodyFor = (country?: string | null) =>
  z.object({
    ...visitorSelf(country),
    unit: z.string().trim().min(1, 'validation.required').max(50),
    residentName: z.string().trim().min(2, 'validation.required').max(VISITOR_NAME_MAX),
  });
export const publicVisitorPosterBody = publicVisitorPosterBodyFor();
export type PublicVisitorPosterBody = z.input<typeof publicVisitorPosterBody>;

/**
 * PUT /public/visitors/{id}: with a personal link's token, the visitor completes the registration a resident or
 * staff member started (their permit is issued); with their receipt's token, a visitor whose request still awaits
 * approval corrects it (a plate typed wrong).
 */
export const publicVisitorUpdateBodyFor = (country?: string | null) => z.object(visitorSelf(country));
export const publicVisitorUpdateBody = publicVisitorUpdateBodyFor();
export type PublicVisitorUpdateBody = z.input<typeof publicVisitorUpdateBody>;

/** ?token= of GET /public/visitors/{id} and its permit PDF. */
export const publicVisitorTokenQuery = z.object({ token: visitorTokenSchema });

const named = z.object({ id: z.number().int(), name: z.string() });

/**
 * A visitor as their own link shows them: their details, where they go, and their permit. Nothing of the resident
 * beyond what a visitor from the poster typed (decision 0037): no name, no other unit, no limit.
 */
export const publicVisitorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  plate: z.string().nullable(),
  color: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  temporaryPlates: z.boolean(),
  source: z.enum(VISITOR_SOURCES),
  permitCode: z.string().nullable(),
  shownStatus: z.enum(VISITOR_SHOWN_STATUSES),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** What staff or the resident said when rejecting or revoking. */
  statusComment: z.string().nullable(),
  /** The permit's public check page (its QR code); null without a permit. */
  checkUrl: z.string().nullable(),
  /**
   * Where the visit is: the one unit of this visit (the unit a visitor from the poster named; the unit the resident
   * or staff registered a personal link's visitor for), null when none. The resident's name is not repeated: the
   * visitor typed it, or was told it by whoever sent the link.
   */
  visiting: z.object({ unit: z.string().nullable() }),
  make: named.nullable(),
  model: named.nullable(),
});
export type PublicVisitor = z.infer<typeof publicVisitorSchema>;

/** GET /public/visitors/token/{token}: what the link opens. */
export const publicVisitorLinkSchema = z.object({
  kind: z.enum(VISITOR_LINK_KINDS),
  /** The property: its country (the phone field) and its time zone (the permit's times, decision 0039 §12). */
  property: z.object({ name: z.string(), country: z.string().nullable(), timezone: z.string() }),
  /** null for the poster (the visitor says whom they visit). */
  visitor: publicVisitorSchema.nullable(),
  /**
   * How long a permit lasts here, and whether a registration through this link waits for approval (its time then
   * starts at approval: decision 0039 §8).
   */
  validity: z.object({ amount: z.number().int(), unit: z.string(), approval: z.boolean() }),
});
export type PublicVisitorLink = z.infer<typeof publicVisitorLinkSchema>;

/** POST and PUT /public/visitors: the visitor and the receipt token to follow the request and keep the permit. */
export const publicVisitorResultSchema = z.object({
  receiptToken: z.string(),
  visitor: publicVisitorSchema,
});
export type PublicVisitorResult = z.infer<typeof publicVisitorResultSchema>;

/**
 * POST /visitors/{id}/link and /my/visitors/{id}/link: a personal registration link for a visitor registered
 * without a plate. `text` is ready for an SMS; the link is emailed too when the visitor has an email.
 */
export const visitorLinkSentSchema = z.object({
  url: z.string(),
  text: z.string(),
  emailed: z.boolean(),
  expiresAt: z.string(),
});
export type VisitorLinkSent = z.infer<typeof visitorLinkSentSchema>;

/** GET /visitor-poster: the property's live poster link (made on first use). */
export const visitorPosterSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type VisitorPoster = z.infer<typeof visitorPosterSchema>;
