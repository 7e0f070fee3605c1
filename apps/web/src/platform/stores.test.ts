import type { AuthUser } from '@parkade/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, usePropertyStore } from './stores';

/** Issue 14, item 8: the token lives in this tab's sessionStorage unless "remember me" was ticked. */
const user = { id: 1, fullName: 'A', type: 'central-user' } as AuthUser;
const KEY = 'parkade.auth';

describe('where the session is kept', () => {
  beforeEach(() => {
    useAuthStore.getState().clear();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('in sessionStorage when not remembered: it ends with the tab', () => {
    useAuthStore.getState().setSession({ user, token: 'tab-token', permissions: [] });
    expect(sessionStorage.getItem(KEY)).toContain('tab-token');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('in localStorage when remembered, and only there', () => {
    useAuthStore.getState().setSession({ user, token: 'kept-token', permissions: [], remember: true });
    expect(localStorage.getItem(KEY)).toContain('kept-token');
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('signing out removes the token from both', () => {
    useAuthStore.getState().setSession({ user, token: 'gone-token', permissions: [], remember: true });
    useAuthStore.getState().clear();
    expect(localStorage.getItem(KEY) ?? '').not.toContain('gone-token');
    expect(sessionStorage.getItem(KEY) ?? '').not.toContain('gone-token');
  });

  it('a later sign-in without "remember me" takes the token out of localStorage', async () => {
    useAuthStore.getState().setSession({ user, token: 'old-token', permissions: [], remember: true });
    useAuthStore.getState().setSession({ user, token: 'new-token', permissions: [] });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toContain('new-token');
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().token).toBe('new-token');
  });
});

/** Central staff read phone numbers in the selected property's country (a Mexican property: national numbers). */
describe('the selected property', () => {
  it('keeps its country with its name until another is chosen, and forgets both when none is', () => {
    const { select } = usePropertyStore.getState();
    select({ propertyId: 7, propertyName: 'Casa Azul', propertyCountry: 'MX' });
    expect(usePropertyStore.getState()).toMatchObject({ propertyName: 'Casa Azul', propertyCountry: 'MX' });
    select({ propertyId: 7, zoneId: 3 });
    expect(usePropertyStore.getState().propertyCountry).toBe('MX');
    select({ propertyId: 8, propertyName: 'Oak', propertyCountry: null });
    expect(usePropertyStore.getState().propertyCountry).toBeNull();
    select({ propertyId: 7, propertyName: 'Casa Azul', propertyCountry: 'MX' });
    select({ propertyId: null });
    expect(usePropertyStore.getState()).toMatchObject({ propertyName: null, propertyCountry: null });
  });
});
