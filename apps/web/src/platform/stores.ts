import {
  DEFAULT_LANGUAGE,
  type AuthUser,
  type bootstrapResponse,
  type LanguageCode,
} from '@parkade/contract';
import type { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/**
 * Where the session is kept: in this tab only (sessionStorage) unless the user ticked "remember me", then in local
 * storage, where it outlives the browser. SPEC §3 keeps auth in local storage; issue 14 narrows that to remembered
 * sign-ins, so a session on a shared computer ends with its tab. Reading looks in both (a session kept by an earlier
 * version); writing keeps it in one place only.
 */
export const authStorage: StateStorage = {
  getItem: (name) => sessionStorage.getItem(name) ?? localStorage.getItem(name),
  setItem: (name, value) => {
    const remember = (JSON.parse(value) as { state?: { remember?: boolean } }).state?.remember === true;
    (remember ? localStorage : sessionStorage).setItem(name, value);
    (remember ? sessionStorage : localStorage).removeItem(name);
  },
  removeItem: (name) => {
    sessionStorage.removeItem(name);
    localStorage.removeItem(name);
  },
};

/** SPEC §3 stored state: auth (user, isAuthenticated, token); see authStorage for where it is kept. */
interface AuthState {
  user: AuthUser | null;
  token: string | null;
  isAuthenticated: boolean;
  permissions: string[];
  /** "Remember me" was ticked: the session is kept in local storage. */
  remember: boolean;
  /**
   * The session's last bootstrap answer: the layout opens with it when the API cannot be reached (a patrol that
   * reopens the app without signal, decision 0039 §2). Kept with the session, gone with it.
   */
  bootstrap: z.infer<typeof bootstrapResponse> | null;
  setSession: (s: { user: AuthUser; token: string; permissions: string[]; remember?: boolean }) => void;
  setUser: (user: AuthUser, permissions: string[]) => void;
  setBootstrap: (bootstrap: z.infer<typeof bootstrapResponse>) => void;
  clear: () => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      isAuthenticated: false,
      permissions: [],
      remember: false,
      bootstrap: null,
      setSession: ({ user, token, permissions, remember = false }) =>
        set({ user, token, permissions, remember, isAuthenticated: true, bootstrap: null }),
      setUser: (user, permissions) => set({ user, permissions }),
      setBootstrap: (bootstrap) => set({ bootstrap }),
      clear: () =>
        set({
          user: null,
          token: null,
          permissions: [],
          remember: false,
          isAuthenticated: false,
          bootstrap: null,
        }),
    }),
    { name: 'parkade.auth', storage: createJSONStorage(() => authStorage) },
  ),
);

/** SPEC §3: currentLanguage (default en) and the list of language codes; persisted. */
interface LanguageState {
  currentLanguage: LanguageCode;
  languageCodes: LanguageCode[];
  setLanguage: (l: LanguageCode) => void;
  setLanguageCodes: (codes: LanguageCode[]) => void;
}

export const useLanguageStore = create<LanguageState>()(
  persist(
    (set) => ({
      currentLanguage: DEFAULT_LANGUAGE,
      languageCodes: [DEFAULT_LANGUAGE],
      setLanguage: (currentLanguage) => set({ currentLanguage }),
      setLanguageCodes: (languageCodes) => set({ languageCodes }),
    }),
    { name: 'parkade.language' },
  ),
);

/**
 * The property a central user works on (SPEC §3 propertyId) and the zone it was chosen in, kept across reloads.
 * `tenantName` is the name of this host's property from the last bootstrap: local storage belongs to the host, so
 * the sign-in page of a property can name it before anyone signs in.
 */
interface PropertyState {
  propertyId: number | null;
  zoneId: number | null;
  /** The selected property's name, to show it without reading it again. */
  propertyName: string | null;
  /** The selected property's country: forms read national phone numbers in it. */
  propertyCountry: string | null;
  /** The selected property's time zone: its records' times are shown in it (decision 0039 §12). */
  propertyTimeZone: string | null;
  tenantName: string | null;
  select: (s: {
    propertyId: number | null;
    zoneId?: number | null;
    propertyName?: string | null;
    propertyCountry?: string | null;
    propertyTimeZone?: string | null;
  }) => void;
  setTenantName: (name: string | null) => void;
}

export const usePropertyStore = create<PropertyState>()(
  persist(
    (set) => ({
      propertyId: null,
      zoneId: null,
      propertyName: null,
      propertyCountry: null,
      propertyTimeZone: null,
      tenantName: null,
      select: ({ propertyId, zoneId, propertyName, propertyCountry, propertyTimeZone }) =>
        set((s) => ({
          propertyId,
          zoneId: zoneId === undefined ? s.zoneId : zoneId,
          propertyName:
            propertyId === null ? null : propertyName === undefined ? s.propertyName : propertyName,
          propertyCountry:
            propertyId === null ? null : propertyCountry === undefined ? s.propertyCountry : propertyCountry,
          // Another property without its zone named: unknown until PropertyScoped reads it.
          propertyTimeZone:
            propertyId === null
              ? null
              : propertyTimeZone !== undefined
                ? propertyTimeZone
                : propertyId === s.propertyId
                  ? s.propertyTimeZone
                  : null,
        })),
      setTenantName: (tenantName) => set({ tenantName }),
    }),
    { name: 'parkade.property' },
  ),
);
