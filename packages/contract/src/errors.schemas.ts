import { z } from 'zod';

/** The one error shape of every API answer that is not a success (SPEC §8, DESIGN §5). */
export const errorShape = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  statusCode: z.number().int(),
  /** A machine-readable reason, present only where a client must act on it (ERROR_CODES). */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof errorShape>;
