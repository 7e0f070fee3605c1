import { describe, expect, it } from 'vitest';
import { loginBody } from './index';
import { normalizePhone, phoneCountry, phoneSchema } from './index';
import { profileBody } from './index';
import { publicResidentRegisterBody, residentBody, residentBodyFor } from './index';

const resident = { fullName: 'Ana Gómez', email: 'ana@example.test', unitIds: [1] };

describe('phone numbers', () => {
  it('stores a national number as people type it in E.164', () => {
    for (const typed of ['(512) 555-0199', '512-555-0199', '512.555.0199', '5125550199', '1 512 555 0199'])
      expect(residentBody.parse({ ...resident, phone: typed }).phone).toBe('+15125550199');
  });

  it('keeps an international number, without its spaces and signs', () => {
    expect(phoneSchema().parse('+15125550199')).toBe('+15125550199');
    expect(phoneSchema().parse(' +1 512 555 0199 ')).toBe('+15125550199');
    expect(phoneSchema().parse('+44 20 7946 0958')).toBe('+442079460958');
    // Any plus sign then 7–15 digits (SPEC §9) is kept, as it was before numbers were read nationally.
    expect(phoneSchema().parse('+1234567')).toBe('+1234567');
  });

  it('refuses what cannot be a phone number with the invalid-phone message', () => {
    for (const junk of [
      '12345',
      '555-0199',
      'call me',
      '+0123456789',
      '+123',
      '512-555-0199 ext. 4',
      '+1 800 FLOWERS',
    ]) {
      const r = residentBody.safeParse({ ...resident, phone: junk });
      expect(r.success, junk).toBe(false);
      expect(r.error?.issues).toEqual([
        expect.objectContaining({ path: ['phone'], message: 'validation.phone' }),
      ]);
    }
  });

  it('leaves empty and absent phones as they were', () => {
    expect(residentBody.parse({ ...resident, phone: '' }).phone).toBeNull();
    expect(residentBody.parse({ ...resident, phone: null }).phone).toBeNull();
    expect(residentBody.parse(resident).phone).toBeUndefined();
    expect(profileBody.parse({ fullName: 'Ana', language: 'en', phone: '  ' }).phone).toBeNull();
    expect(profileBody.parse({ fullName: 'Ana', language: 'en' }).phone).toBeUndefined();
  });

  it("reads a national number in the property's country, the United States when it is unknown", () => {
    expect(phoneCountry('MX')).toBe('MX');
    expect(phoneCountry(' gb ')).toBe('GB');
    expect(phoneCountry('United States')).toBe('US');
    expect(phoneCountry(null)).toBe('US');
    expect(phoneCountry('XX')).toBe('US');
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(normalizePhone('020 7946 0958')).toBeNull();
    expect(residentBodyFor(undefined, 'MX').parse({ ...resident, phone: '55 1234 5678' }).phone).toBe(
      '+525512345678',
    );
  });

  it('is the same rule on the profile and on the registration link', () => {
    expect(profileBody.parse({ fullName: 'Ana', language: 'en', phone: '(512) 555-0199' }).phone).toBe(
      '+15125550199',
    );
    const register = { token: 'x'.repeat(32), fullName: 'Ana', language: 'en' };
    expect(publicResidentRegisterBody.parse({ ...register, phone: '512-555-0199' }).phone).toBe(
      '+15125550199',
    );
    expect(
      publicResidentRegisterBody.safeParse({ ...register, phone: '12345' }).error?.issues[0]?.message,
    ).toBe('validation.phone');
  });

  it('leaves the sign-in rule as SPEC §5 states it: an email, or a phone in E.164', () => {
    expect(loginBody.safeParse({ email: '+15125550199', password: 'x' }).success).toBe(true);
    expect(loginBody.safeParse({ email: 'ana@example.test', password: 'x' }).success).toBe(true);
    const national = loginBody.safeParse({ email: '512-555-0199', password: 'x' });
    expect(national.error?.issues[0]?.message).toBe('validation.emailOrPhone');
  });
});
