import type { AuthUser } from '@parkade/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { requestHeaders } from './request-headers';
import { useAuthStore, useLanguageStore, usePropertyStore } from './stores';

/** SPEC §7: the headers every call sends, the same for axios and the public fetch calls. */
describe('the headers of a call', () => {
  beforeEach(() => {
    useAuthStore.getState().setSession({
      user: { id: 1, fullName: 'A', type: 'central-user' } as AuthUser,
      token: 'the-token',
      permissions: [],
    });
    usePropertyStore.getState().select({ propertyId: 7, zoneId: null });
    useLanguageStore.getState().setLanguage('es');
  });

  it('a signed-in central call names the selected property and carries the token', () => {
    expect(requestHeaders('central', null, { signedIn: true })).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Accept-Language': 'es',
      'X-Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
      'X-Property': '7',
      Authorization: 'Bearer the-token',
    });
  });

  it('a public call sends neither the token nor the property', () => {
    const headers = requestHeaders('central', null, { signedIn: false });
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers).not.toHaveProperty('X-Property');
    expect(headers['Accept-Language']).toBe('es');
  });

  it("a property's call names its tenant, and is refused before it leaves without one", () => {
    expect(requestHeaders('tenant', 'oakridge', { signedIn: true })).toMatchObject({
      'X-Tenant': 'oakridge',
      Authorization: 'Bearer the-token',
    });
    expect(requestHeaders('tenant', 'oakridge', { signedIn: true })).not.toHaveProperty('X-Property');
    expect(() => requestHeaders('tenant', null, { signedIn: false })).toThrow();
  });
});
