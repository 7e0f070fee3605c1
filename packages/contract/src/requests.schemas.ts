import { z } from 'zod';
import { formBoolean } from './form-data.schemas';
import { REQUEST_LINK_ENTITIES, REQUEST_STATUSES, REQUEST_SUBJECT_MAX, REQUEST_TEXT_MAX } from './requests';

const required = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max);

/**
 * POST /my/requests, /my-requests (the requester) and /requests (staff, for a resident who asked by phone or at
 * the desk: residentId): multipart/form-data with these fields and up to REQUEST_FILES_MAX files in `files`.
 */
export const requestBody = z.object({
  /** A request type of the catalog (an id of no type: the field's "invalid selection"). */
  typeId: z.coerce.number({ error: 'validation.required' }).int().positive('validation.required'),
  subject: required(REQUEST_SUBJECT_MAX),
  description: required(REQUEST_TEXT_MAX),
});
export type RequestBody = z.input<typeof requestBody>;
export const staffRequestBody = requestBody.extend({
  residentId: z.coerce.number({ error: 'validation.required' }).int().positive('validation.required'),
});
export type StaffRequestBody = z.input<typeof staffRequestBody>;

/** POST …/:id/comments (multipart: `body`, staff's `internal`, and files). */
export const requestCommentBody = z.object({
  body: required(REQUEST_TEXT_MAX),
  internal: formBoolean.optional(),
});
export type RequestCommentBody = z.input<typeof requestCommentBody>;

/** POST /requests/:id/status: the new status (REQUEST_MOVES) and an optional word to the requester. */
export const requestStatusBody = z.object({
  status: z.enum(REQUEST_STATUSES, { error: 'validation.invalidSelection' }),
  comment: z
    .string()
    .trim()
    .max(REQUEST_TEXT_MAX)
    .nullish()
    .transform((v) => v || null),
});
export type RequestStatusBody = z.input<typeof requestStatusBody>;

/** POST /requests/:id/assign: a staff user of the property, or null to unassign. */
export const requestAssignBody = z.object({ assigneeId: z.number().int().positive().nullable() });
export type RequestAssignBody = z.input<typeof requestAssignBody>;

const person = z.object({ id: z.number().int().nullable(), name: z.string() });
const fileRef = z.object({ id: z.number().int(), name: z.string(), mimeType: z.string() });

export const requestEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['created', 'comment', 'status', 'assign']),
  body: z.string().nullable(),
  /** A staff note the requester never sees. */
  internal: z.boolean(),
  status: z.enum(REQUEST_STATUSES).nullable(),
  assignee: z.string().nullable(),
  author: person.extend({ staff: z.boolean() }),
  files: z.array(fileRef),
  createdAt: z.string(),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const requestItemSchema = z.object({
  id: z.number().int(),
  /** Its type: the catalog entry, named in the reader's language. */
  type: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  subject: z.string(),
  description: z.string(),
  status: z.enum(REQUEST_STATUSES),
  requester: person.extend({ type: z.string() }),
  assignee: person.nullable(),
  /** The record it stands for when it was made elsewhere (a permit asked for on /my/permits), else null. */
  link: z.object({ entity: z.enum(REQUEST_LINK_ENTITIES), id: z.number().int() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** One request read alone: its thread (the requester's without internal notes), oldest first. */
  events: z.array(requestEventSchema).optional(),
});
export type RequestItem = z.infer<typeof requestItemSchema>;

/** GET /requests/counts: how many per status, and how many open are assigned to the reader. */
export const requestCountsSchema = z.object({
  byStatus: z.record(z.enum(REQUEST_STATUSES), z.number().int()),
  mine: z.number().int(),
  unassigned: z.number().int(),
});
export type RequestCounts = z.infer<typeof requestCountsSchema>;
