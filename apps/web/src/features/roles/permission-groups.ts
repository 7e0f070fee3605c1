import { PERMISSION_CATALOGUE, RESOURCES, type Permission } from '@parkade/contract';

/** One resource's permissions in the picker, and the translation key naming the resource. */
export interface PermissionGroup {
  resource: string;
  labelKey: string;
  permissions: { permission: Permission; action: string }[];
}

/**
 * The picker's groups, derived from the permission registry: one per resource with actions, in the registry's
 * order. A resource is named by its staff navigation entry when it has one (the menu's words), else by
 * `permissions.resources.<name>`.
 */
export function permissionGroups(): PermissionGroup[] {
  return RESOURCES.filter((r) => r.actions.length > 0).map((r) => {
    const nav = ('nav' in r ? r.nav : []) as readonly { section: string; label: string }[];
    const entry = nav.find((n) => n.section !== 'account' && n.section !== 'overview') ?? nav[0];
    const actions: readonly string[] = PERMISSION_CATALOGUE[r.name];
    return {
      resource: r.name,
      labelKey: entry?.label ?? `permissions.resources.${r.name}`,
      permissions: actions.map((action) => ({ permission: `${r.name}.${action}` as Permission, action })),
    };
  });
}

/** A select-all box: checked when every permission it may change is chosen, indeterminate when only some are. */
export function selectAllState(
  chosen: ReadonlySet<string>,
  permissions: readonly string[],
  grantable: (p: string) => boolean,
): { checked: boolean; indeterminate: boolean; disabled: boolean } {
  const open = permissions.filter(grantable);
  const picked = permissions.filter((p) => chosen.has(p)).length;
  const checked = open.length > 0 && open.every((p) => chosen.has(p));
  return { checked, indeterminate: !checked && picked > 0, disabled: open.length === 0 };
}

/**
 * Selects (on) or clears (off) every permission of `permissions` the user may grant; the ones they may not stay as
 * they are (shown disabled). The order of the catalogue is kept.
 */
export function toggleAll(
  chosen: readonly string[],
  permissions: readonly string[],
  grantable: (p: string) => boolean,
  on: boolean,
): string[] {
  const next = new Set(chosen);
  for (const p of permissions) {
    if (!grantable(p)) continue;
    if (on) next.add(p);
    else next.delete(p);
  }
  return [...next];
}
