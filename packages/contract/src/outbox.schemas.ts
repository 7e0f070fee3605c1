import { z } from 'zod';
import { binnaclePropertySchema } from './binnacle.schemas';
import { OUTBOX_STATUSES } from './outbox';

/** One mail as GET /outbox lists it: the envelope and its delivery state, never the body. */
export const outboxItemSchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** With include=property. */
  property: binnaclePropertySchema.nullable().optional(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/**
 * GET /outbox/:id: one mail with its body while it was not sent — `text` and the links in it (in order, each once);
 * a sent mail's body was dropped on delivery: `text` null, no links.
 */
export const outboxMailSchema = outboxItemSchema.extend({
  text: z.string().nullable(),
  links: z.array(z.string()),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
