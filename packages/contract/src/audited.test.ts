import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionLabelKey, AUDITED_ENTITIES, auditedRecordPath } from './audited';
import { missingTexts, shippedTexts } from './test-texts';

const texts = shippedTexts();

describe('audited entities', () => {
  it('each has its label in every language', () => {
    const missing = AUDITED_ENTITIES.flatMap((e) =>
      ['en', 'es', 'zh'].filter((l) => !texts[`binnacle.entities.${e}`]?.[l]).map((l) => `${e} (${l})`),
    );
    expect(missing).toEqual([]);
  });

  it('each action the audit records has its label in every language (issue 36 §9)', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(missingTexts(AUDIT_ACTIONS.map(auditActionLabelKey), texts)).toEqual([]);
  });

  it('link a record to its page, never a deleted one or one without a page', () => {
    expect(auditedRecordPath('residents', '12')).toBe('/residents/12/show');
    expect(auditedRecordPath('properties', '3')).toBe('/properties/3/edit');
    expect(auditedRecordPath('permit_types', '4')).toBe('/catalog/permit-types/4/show');
    expect(auditedRecordPath('auth', '5')).toBeNull();
    expect(auditedRecordPath('residents', null)).toBeNull();
    expect(auditedRecordPath('nothing', '1')).toBeNull();
  });
});
