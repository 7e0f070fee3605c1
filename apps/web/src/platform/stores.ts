import { DEFAULT_LANGUAGE, type AuthUser, type Language } from '@parkade/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** SPEC §3 stored state: auth (user, isAuthenticated, token), persisted in local storage. */
interface AuthState {
  user: AuthUser | null;
  token: string | null;
  isAuthenticated: boolean;
  permissions: string[];
  setSession: (s: { user: AuthUser; token: string; permissions: string[] }) => void;
  setUser: (user: AuthUser, permissions: string[]) => void;
  clear: () => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      isAuthenticated: false,
      permissions: [],
      setSession: ({ user, token, permissions }) => set({ user, token, permissions, isAuthenticated: true }),
      setUser: (user, permissions) => set({ user, permissions }),
      clear: () => set({ user: null, token: null, permissions: [], isAuthenticated: false }),
    }),
    { name: 'parkade.auth' },
  ),
);

/** SPEC §3: currentLanguage (default en) and the list of language codes; persisted. */
interface LanguageState {
  currentLanguage: Language;
  languageCodes: Language[];
  setLanguage: (l: Language) => void;
  setLanguageCodes: (codes: Language[]) => void;
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
  tenantName: string | null;
  select: (s: { propertyId: number | null; zoneId?: number | null; propertyName?: string | null }) => void;
  setTenantName: (name: string | null) => void;
}

export const usePropertyStore = create<PropertyState>()(
  persist(
    (set) => ({
      propertyId: null,
      zoneId: null,
      propertyName: null,
      tenantName: null,
      select: ({ propertyId, zoneId, propertyName }) =>
        set((s) => ({
          propertyId,
          zoneId: zoneId === undefined ? s.zoneId : zoneId,
          propertyName:
            propertyId === null ? null : propertyName === undefined ? s.propertyName : propertyName,
        })),
      setTenantName: (tenantName) => set({ tenantName }),
    }),
    { name: 'parkade.property' },
  ),
);
