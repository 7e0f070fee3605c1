/** Business constants of SPEC §9, shared by server and web. */
/**
 * The languages whose texts ship with the product (packages/contract/translations/*.json). Further languages are
 * data (the language codes view, decision 0051): their texts come from the translations upload, English where one
 * is missing; what only ships in these (mail templates, documents, PDFs) is written in English for them.
 */
export const LANGUAGES = ['en', 'es', 'zh'] as const;
/** A shipped language. */
export type Language = (typeof LANGUAGES)[number];
/** Any language the product may offer: an ISO 639-1 code, two lowercase letters (the shipped ones or data). */
export type LanguageCode = string;
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2}$/;
/** Whether a stored or sent code is one of the shipped languages. */
export const isLanguage = (code: unknown): code is Language =>
  typeof code === 'string' && (LANGUAGES as readonly string[]).includes(code);
/** Whether a value is written as a language code (whether the product offers it is the language codes' table). */
export const isLanguageCode = (code: unknown): code is LanguageCode =>
  typeof code === 'string' && LANGUAGE_CODE_PATTERN.test(code);
/** The shipped language to write in what only ships in those (a mail template, a PDF): the code's own, else English. */
export const shippedLanguageOf = (code: string | null | undefined): Language =>
  isLanguage(code) ? code : DEFAULT_LANGUAGE;

/**
 * The keys of a language's dictionary (GET /langs/{code}) that are not texts of the template but facts of the
 * language, from its row (decision 0051): the web lays the page out right to left with `direction` as soon as the
 * language's texts arrive, and names the language with `nativeName`.
 */
export const DICTIONARY_META = {
  direction: '$language.direction',
  nativeName: '$language.nativeName',
} as const;

/** BCP 47 tag of a language for a page's `lang` and Intl formatting: the shipped ones' regions, else the code. */
const LOCALE_TAGS: Record<Language, string> = { en: 'en-US', es: 'es-ES', zh: 'zh-CN' };
export const localeTag = (code: string): string => (isLanguage(code) ? LOCALE_TAGS[code] : code);

/**
 * The language order of SPEC §9: the user's language, the stored one, the browser's, en, es, then the first
 * allowed — each taken only when the user may use it. The web app chooses with it, and the server with it draws a
 * public page in the language the app would choose (decision 0050).
 */
export function chooseLanguage(opts: {
  user?: string | null;
  stored?: string | null;
  browser?: readonly string[];
  allowed: readonly string[];
}): LanguageCode {
  const allowed = opts.allowed.filter(isLanguageCode);
  const browser = (opts.browser ?? []).map((b) => b.toLowerCase().split('-')[0]);
  const candidates = [opts.user, opts.stored, ...browser, 'en', 'es', allowed[0]];
  // Without a list of allowed ones (nothing known yet), only a shipped language is taken.
  for (const c of candidates) {
    if (allowed.length ? isLanguageCode(c) && allowed.includes(c) : isLanguage(c)) return c as LanguageCode;
  }
  return DEFAULT_LANGUAGE;
}

export const MB = 1024 * 1024;
export const UPLOAD_MAX_FILE_BYTES = 5 * MB;
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_TOTAL_BYTES = 10 * UPLOAD_MAX_FILE_BYTES;
export const UPLOAD_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'webp'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** Spreadsheets (.xlsx): compressed and uncompressed caps checked before parsing. */
export const SPREADSHEET_MAX_BYTES = 5 * MB;
export const SPREADSHEET_MAX_UNCOMPRESSED_BYTES = 20 * MB;
export const SPREADSHEET_MAX_ENTRIES = 2000;
export const SPREADSHEET_MAX_RATIO = 200;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const EMAIL_MAX = 255;
export const PASSWORD_MAX = 255;
export const RESET_PASSWORD_MIN = 8;
export const ZONE_CODE_MAX = 50;
export const SPOT_NAME_MAX = 2;
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
/** A plus sign, a first digit 1–9, then 6–14 more digits (7–15 digits in all). */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

export const SMTP_PORTS = { 587: 'tls', 465: 'ssl', 25: 'none' } as const;

export const RESERVED_SPOT_PERMIT_TYPE_ID = 2;

export const RESET_TOKEN_MINUTES = 60;
export const RESET_RETRY_HINT_MINUTES = 10;

/** Token lifetimes: a session without "remember" lasts 12 hours, with it 30 days. */
export const SESSION_HOURS = 12;
export const REMEMBER_DAYS = 30;
/**
 * A session not used for this long ends (its last use is written at most once a minute): an hour for a session
 * on a shared computer, a week for one the user asked to be remembered on.
 */
export const SESSION_IDLE_MINUTES = 60;
export const REMEMBER_IDLE_DAYS = 7;
/** How often a session's last use is written (at most): once a minute. */
export const SESSION_TOUCH_SECONDS = 60;

/**
 * Rate limits of routes that cost much or take a secret from anyone (RouteDef.rateLimit): requests per window,
 * counted per address on public routes and per user on signed-in ones.
 */
export const RATE_LIMITS = {
  /** Public calls that take a token: the resident's link, the permit check, the visitor registration. */
  publicLink: { max: 300, windowMinutes: 10 },
  /** PDF generation (permits, agreements, policies). */
  document: { max: 30, windowMinutes: 10 },
  /** Spreadsheet exports and templates. */
  export: { max: 10, windowMinutes: 10 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** The window of the limit of every sign-in per address (SIGN_IN_LIMIT_PER_ADDRESS sign-ins in it). */
export const SIGN_IN_WINDOW_MINUTES = 15;

/** Throttling of authentication endpoints (failures per window). */
export const THROTTLE = {
  loginPerAccount: { max: 5, windowMinutes: 15 },
  loginPerAddress: { max: 30, windowMinutes: 15 },
  forgotPerAccount: { max: 3, windowMinutes: 60 },
  forgotPerAddress: { max: 20, windowMinutes: 60 },
  /** Wrong current passwords when a signed-in user changes their password. */
  changePasswordPerAccount: { max: 5, windowMinutes: 15 },
  /**
   * Wrong two-factor codes (the sign-in code step, and the enrolment, disable and recovery-code calls), counted
   * like wrong passwords but on counters of their own, which a right password does not clear.
   */
  twoFactorPerAccount: { max: 5, windowMinutes: 15 },
  twoFactorPerAddress: { max: 30, windowMinutes: 15 },
} as const;

/** Two-factor sign-in (TOTP, RFC 6238): the sign-in challenge's life and the number of recovery codes. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

export const USER_TYPES = ['central-user', 'tenant-user', 'tenant-resident', 'tenant-visitor'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['admin', 'manager', 'assistant', 'office-dispatcher', 'parking-inspector'] as const;
export type RoleName = (typeof ROLES)[number];

export type Area = 'central' | 'tenant';
