import type { Language } from './constants';

/**
 * SPEC §9: "a fixed ordinal suffix map for 1-10". A floor's level 1 to 10 is shown as an ordinal in the reader's
 * language — 1st … 10th, 1.º … 10.º, 1层 … 10层 —; any other level (the ground floor 0, a basement −1, the 11th and
 * up) as its number, as the SPEC's map goes no further (decision 0044).
 */
const EN_SUFFIX: Record<number, string> = {
  1: 'st',
  2: 'nd',
  3: 'rd',
  4: 'th',
  5: 'th',
  6: 'th',
  7: 'th',
  8: 'th',
  9: 'th',
  10: 'th',
};

const ORDINAL: Record<Language, (n: number) => string> = {
  en: (n) => `${n}${EN_SUFFIX[n]}`,
  es: (n) => `${n}.º`,
  zh: (n) => `${n}层`,
};

/** A floor's level as shown: an ordinal for 1 to 10, else its number. */
export function levelOrdinal(level: number, language: Language): string {
  return Number.isInteger(level) && level >= 1 && level <= 10 ? ORDINAL[language](level) : String(level);
}
