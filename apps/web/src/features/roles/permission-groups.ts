import {
  PERMISSION_CATALOGUE,
  permissionActionLabelKey,
  permissionResourceLabelKey,
  RESOURCES,
  type Permission,
} from '@parkade/contract';

/** One resource's permissions in the picker, and the translation key naming the resource. */
export interface PermissionGroup {
  resource: string;
  labelKey: string;
  permissions: { permission: Permission; action: string; labelKey: string }[];
}

/**
 * The picker's groups, derived from the permission registry: one per resource with actions, in the registry's
 * order, each resource and action with its label key (the contract's permission-labels.ts, whose test holds every
 * one to a text in every language).
 */
export function permissionGroups(): PermissionGroup[] {
  return RESOURCES.filter((r) => r.actions.length > 0).map((r) => {
    const actions: readonly string[] = PERMISSION_CATALOGUE[r.name];
    return {
      resource: r.name,
      labelKey: permissionResourceLabelKey(r),
      permissions: actions.map((action) => ({
        permission: `${r.name}.${action}` as Permission,
        action,
        labelKey: permissionActionLabelKey(action),
      })),
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
