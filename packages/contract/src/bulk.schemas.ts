import { z } from 'zod';

/**
 * Bulk actions on the rows checked in a list (decision 0039, "Also expected: row selection and bulk actions"):
 * approve or revoke permits, approve visitor requests, change residents' status. Each row goes through the very
 * function its one-row action calls, in its own savepoint of the request's transaction: it is done, or skipped
 * with the reason the one-row action would have answered (translated) and nothing of it kept.
 */

/** At most this many rows in one call; more → 422 (validation.maxItems, in the caller's language). */
export const BULK_MAX = 500;

/** The rows a bulk action works on: ids of the list's rows (a repeated id counts once). */
export const bulkIds = z.array(z.number().int().positive()).min(1, 'validation.required').max(BULK_MAX);
export const bulkIdsBody = z.object({ ids: bulkIds });
export type BulkIdsBody = z.input<typeof bulkIdsBody>;

/** A row a bulk action left alone: its id, what it is called when it was found, and why (translated). */
export const bulkSkippedSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  reason: z.string(),
});
export type BulkSkipped = z.infer<typeof bulkSkippedSchema>;

/** The answer of a bulk action: how many rows were done, and each row skipped with its reason. */
export const bulkOutcomeSchema = z.object({
  done: z.number().int(),
  skipped: z.array(bulkSkippedSchema),
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;
