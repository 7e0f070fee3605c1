import type { Permission } from './permissions';

/**
 * The three checks of SPEC §6, used by the server guards and the web app alike. A file of their own, apart from the
 * permission catalogue: the web's sign-in page asks them (where a user lands) without loading every resource's
 * declaration, which the catalogue is computed from.
 */
export function hasPermission(held: readonly string[], p: Permission): boolean {
  return held.includes(p);
}
export function hasAnyPermission(held: readonly string[], ps: readonly Permission[]): boolean {
  return ps.length === 0 || ps.some((p) => held.includes(p));
}
export function hasAllPermissions(held: readonly string[], ps: readonly Permission[]): boolean {
  return ps.every((p) => held.includes(p));
}
