import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, interpolate, type Language } from '@parkade/contract';

export const TRANSLATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/contract/translations',
);

export type TranslationFile = Record<string, Partial<Record<string, string>>>;

/** Reads every translation file: key → { en, es, zh, … }. */
export function readTranslationFiles(dir = TRANSLATIONS_DIR): Map<string, Record<string, string>> {
  const all = new Map<string, Record<string, string>>();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as TranslationFile;
    for (const [key, values] of Object.entries(data)) {
      if (all.has(key)) throw new Error(`Translation key ${key} is defined twice (in ${file})`);
      all.set(key, values as Record<string, string>);
    }
  }
  return all;
}

let cache: Map<string, Record<string, string>> | undefined;
function messages() {
  cache ??= readTranslationFiles();
  return cache;
}

/** Translates a key into the language; falls back to English, then to the key itself. */
export function t(lang: Language, key: string, params?: Record<string, string | number>): string {
  const entry = messages().get(key);
  const text = entry?.[lang] ?? entry?.[DEFAULT_LANGUAGE] ?? key;
  return interpolate(text, params);
}

export function hasKey(key: string): boolean {
  return messages().has(key);
}

/** Picks the request language from Accept-Language (q-values honoured), default en. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...ps] = part.trim().split(';');
      const q = ps.map((x) => x.trim()).find((x) => x.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** Formats bytes for messages: 5 MB, 50 MB. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}
