import { describe, expect, it } from 'vitest';
import { ROLES } from './constants';
import { ALL_PERMISSIONS } from './permissions';
import { permissionActionLabelKey, permissionLabelKeys } from './permission-labels';
import { BUILT_IN_ROLE_DESCRIPTIONS, builtInRoleDescriptionKey, builtInRoleLabelKey } from './roles';
import { missingTexts } from './test-texts';

describe('the role editor’s words (issue 36 §9)', () => {
  it('name every resource and every action of every permission in every language', () => {
    const labels = permissionLabelKeys();
    // Every permission of the registry is among them: a new action is enumerated here the day it is declared.
    const actions = new Set(labels.map((l) => l.resource));
    expect(ALL_PERMISSIONS.filter((p) => !actions.has(p))).toEqual([]);
    const missing = labels.flatMap(({ resource, key }) =>
      missingTexts([key]).map((m) => `${resource}: ${m}`),
    );
    expect(missing).toEqual([]);
  });

  it('give the warnings’, the tows’ and the patrol’s own actions their words', () => {
    for (const a of ['observe', 'decide', 'place', 'authorize'])
      expect(missingTexts([permissionActionLabelKey(a)]), a).toEqual([]);
  });
});

describe('the built-in roles’ words (issue 36 §9)', () => {
  it('name and describe every built-in role in every language; a custom role keeps its name', () => {
    const keys = ROLES.flatMap((r) => [
      builtInRoleLabelKey(r)!,
      builtInRoleDescriptionKey({ name: r, description: BUILT_IN_ROLE_DESCRIPTIONS[r] })!,
    ]);
    expect(keys.every(Boolean)).toBe(true);
    expect(missingTexts(keys)).toEqual([]);
    expect(builtInRoleLabelKey('night-guard')).toBeNull();
    // A description an operator wrote is theirs; none (or the seeded one) is the product's, translated.
    expect(builtInRoleDescriptionKey({ name: 'manager', description: 'Runs Oakridge' })).toBeNull();
    expect(builtInRoleDescriptionKey({ name: 'manager', description: null })).toBe(
      'roles.builtInDescription.manager',
    );
    expect(builtInRoleDescriptionKey({ name: 'night-guard', description: null })).toBeNull();
  });
});
