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

/** The property a central user works on (SPEC §3 propertyId), kept across reloads. */
interface PropertyState {
  propertyId: number | null;
  zoneId: number | null;
  select: (s: { propertyId: number | null; zoneId?: number | null }) => void;
}

export const usePropertyStore = create<PropertyState>()(
  persist(
    (set) => ({
      propertyId: null,
      zoneId: null,
      select: ({ propertyId, zoneId }) =>
        set((s) => ({ propertyId, zoneId: zoneId === undefined ? s.zoneId : zoneId })),
    }),
    { name: 'parkade.property' },
  ),
);
