import { PERMISSION_CATALOGUE } from './permissions';
import { RESOURCES } from './registry';

/**
 * The words the role editor shows for a permission (issue 36 §9, decision 0039): each resource's name and each
 * action's, as translation keys. Every key these give exists in every language (permission-labels.test.ts), so a
 * new action or resource without its words fails a test instead of showing its code.
 */

/** An action's label: `permissions.actions.<action>` ("Place on a vehicle" for `permit-warnings.place`). */
export const permissionActionLabelKey = (action: string) => `permissions.actions.${action}`;

/**
 * A resource's label: its staff navigation entry's, when it has one (the menu's words), else
 * `permissions.resources.<name>`.
 */
export function permissionResourceLabelKey(resource: (typeof RESOURCES)[number]): string {
  const nav = ('nav' in resource ? resource.nav : []) as readonly { section: string; label: string }[];
  const entry = nav.find((n) => n.section !== 'account' && n.section !== 'overview') ?? nav[0];
  return entry?.label ?? `permissions.resources.${resource.name}`;
}

/** Every label key the role editor uses: one per resource with actions, one per action. */
export function permissionLabelKeys(): { resource: string; key: string }[] {
  return RESOURCES.filter((r) => r.actions.length > 0).flatMap((r) => [
    { resource: r.name, key: permissionResourceLabelKey(r) },
    ...(PERMISSION_CATALOGUE[r.name] as readonly string[]).map((a) => ({
      resource: `${r.name}.${a}`,
      key: permissionActionLabelKey(a),
    })),
  ]);
}
