import { z } from 'zod';
import { USER_TYPES } from './constants';

/** The audit log (binnacle) as GET /binnacle answers it: one schema for the server's response and the web's screens. */
export const binnaclePropertySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const binnacleUserSchema = z.object({
  id: z.number().int(),
  type: z.enum(USER_TYPES),
  fullName: z.string(),
  email: z.string().nullable(),
  active: z.boolean(),
  roleId: z.number().int().nullable(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});

export const binnacleEntrySchema = z.object({
  id: z.number().int(),
  propertyId: z.number().int().nullable(),
  area: z.enum(['central', 'tenant']),
  userType: z.enum(USER_TYPES).nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  property: binnaclePropertySchema.nullable().optional(),
  user: binnacleUserSchema.nullable().optional(),
});
export type BinnacleEntry = z.infer<typeof binnacleEntrySchema>;
