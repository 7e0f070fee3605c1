import { z } from 'zod';
import { isPermission, type Permission } from './permissions';
import { ROLE_AREAS, ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from './roles';

/**
 * POST /roles, PUT /roles/:id. Permissions are names of the permission catalogue (PERMISSION_CATALOGUE), each once;
 * the server also refuses any the caller does not hold. A built-in role keeps its name.
 */
export const roleBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(ROLE_NAME_MAX),
  description: z
    .string()
    .trim()
    .max(ROLE_DESCRIPTION_MAX)
    .nullish()
    .transform((v) => v || null),
  permissions: z
    .array(z.string().refine(isPermission, 'roles.unknownPermission'))
    .max(1000)
    .transform((list) => [...new Set(list)] as Permission[]),
});
export type RoleBody = z.input<typeof roleBody>;

export const roleItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  builtIn: z.boolean(),
  area: z.enum(ROLE_AREAS),
  propertyId: z.number().int().nullable(),
  /** Active and inactive users holding the role, in the area (or property) where it is listed. */
  usersCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleItem = z.infer<typeof roleItemSchema>;
