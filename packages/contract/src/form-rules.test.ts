import { describe, expect, it } from 'vitest';
import { normalizeRule, ruleOf } from './index';
import { permitBodyFor } from './index';
import { residentBodyFor } from './index';

describe('form rules', () => {
  it('a hidden field loses required and validated', () => {
    expect(normalizeRule({ visible: false, required: true, validated: true })).toEqual({
      visible: false,
      required: false,
      validated: false,
    });
    expect(ruleOf({}, 'vehicles', 'color')).toEqual({ visible: true, required: false, validated: true });
  });

  it('applies to the schemas the forms and the server share', () => {
    const base = { fullName: 'A', email: 'a@b.test', unitIds: [1] };
    const strict = residentBodyFor();
    expect(strict.safeParse({ ...base, phone: '555 0142' }).success).toBe(false);
    const relaxed = residentBodyFor({
      residents: { phone: { visible: true, required: false, validated: false } },
    });
    expect(relaxed.safeParse({ ...base, phone: '555 0142' }).success).toBe(true);
    const required = residentBodyFor({
      residents: { code: { visible: true, required: true, validated: true } },
    });
    const r = required.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['code'], message: 'validation.required' });
    const hidden = residentBodyFor({
      residents: { phone: { visible: false, required: true, validated: true } },
    });
    const h = hidden.parse({ ...base, phone: 'anything at all' });
    expect(h.phone).toBeUndefined();
  });

  it('keeps the SPEC §5 manager rule beside the form rules', () => {
    const body = { code: 'P', residentId: 1, permitTypeId: 2 };
    expect(permitBodyFor({ manager: true }).safeParse(body).success).toBe(false);
    expect(permitBodyFor({ manager: true, action: 'change-vehicle' }).safeParse(body).success).toBe(true);
    expect(permitBodyFor({ manager: false }).safeParse(body).success).toBe(true);
    expect(
      permitBodyFor({ manager: true }).safeParse({ ...body, spotId: 3, endDate: '2030-01-01' }).success,
    ).toBe(true);
  });
});
