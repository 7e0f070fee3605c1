import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from './permissions';
import { permissionActionLabelKey, permissionLabelKeys } from './permission-labels';
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
