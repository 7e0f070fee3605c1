import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LANGUAGE,
  interpolate,
  isLanguage,
  type Language,
  type LanguageCode,
} from '@parkade/contract';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './db';

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

/** Every shipped text, read once: key → { en, es, zh }. */
export function shippedTexts(): ReadonlyMap<string, Readonly<Record<string, string>>> {
  return messages();
}

let shippedHashCache: string | undefined;
/** A short hash of the shipped texts: a release that rewords a text changes the dictionaries' version. */
export function shippedTextsHash(): string {
  shippedHashCache ??= crypto
    .createHash('sha256')
    .update(JSON.stringify([...messages()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex')
    .slice(0, 12);
  return shippedHashCache;
}

/**
 * The texts changed through the translations upload (decision 0046), laid over the shipped ones by `t` (mail,
 * PDFs, error messages). They live in the table `translation_overrides` (the langs module declares it; the platform
 * reads it by its SQL name, as the audit log is written). This process keeps a copy with its revision: the upload
 * replaces it when it commits, and every request or job checks the revision at most every OVERRIDES_FRESH_MS, so
 * another process shows a change within that bound.
 */
export const OVERRIDES_FRESH_MS = 5000;
let overrides = new Map<string, string>();
let overridesRevision = -1;
let checkedAt = 0;
let refreshing: Promise<void> | null = null;

const overrideKey = (lang: string, key: string) => `${lang}\u0000${key}`;

/** Replaces this process's copy of the overrides (the upload, once committed; a refresh). */
export function setTextOverrides(
  revision: number,
  rows: readonly { key: string; language: string; value: string }[],
): void {
  overrides = new Map(rows.map((r) => [overrideKey(r.language, r.key), r.value]));
  overridesRevision = revision;
  checkedAt = Date.now();
}

/** The overrides' revision as stored (0 before any upload). */
export async function readTextsRevision(tx: Tx): Promise<number> {
  // node-postgres and PGlite both answer { rows }.
  const res: unknown = await tx.execute(sql`select revision from translation_revision where id = 1`);
  const row = (res as { rows: { revision: number }[] }).rows[0];
  return row ? Number(row.revision) : 0;
}

/**
 * The dictionaries' version: the shipped texts' hash and the overrides' revision (decision 0046). It is in every
 * dictionary's address (`?v=`), written into each page the server serves, so a browser keeps a dictionary for
 * good and the next page load after an upload or a release asks for the new one.
 */
export async function textsVersion(tx: Tx): Promise<string> {
  return `${shippedTextsHash()}-${await readTextsRevision(tx)}`;
}

/** Reads the overrides again when their revision moved. */
export async function loadTextOverrides(tx: Tx): Promise<void> {
  const revision = await readTextsRevision(tx);
  if (revision === overridesRevision) {
    checkedAt = Date.now();
    return;
  }
  const res: unknown = await tx.execute(
    sql`select key, language_code as language, value from translation_overrides`,
  );
  setTextOverrides(revision, (res as { rows: { key: string; language: string; value: string }[] }).rows);
}

/**
 * Starts a check of the overrides' revision when the last one is older than OVERRIDES_FRESH_MS (never awaited by
 * a request: a database that is away makes no request wait; the copy in hand is kept).
 */
export function refreshTextOverridesIfDue(database: Database): void {
  if (refreshing || Date.now() - checkedAt < OVERRIDES_FRESH_MS) return;
  refreshing = database
    .withScope({ area: 'central' }, (tx) => loadTextOverrides(tx))
    .catch(() => {
      checkedAt = Date.now();
    })
    .finally(() => {
      refreshing = null;
    });
}

/** A text as shown: the uploaded one, else the shipped one, else English, else the key itself. */
export function textOf(lang: string, key: string): string {
  const own = overrides.get(overrideKey(lang, key));
  if (own !== undefined) return own;
  const entry = messages().get(key);
  return (
    entry?.[lang] ?? overrides.get(overrideKey(DEFAULT_LANGUAGE, key)) ?? entry?.[DEFAULT_LANGUAGE] ?? key
  );
}

/** Translates a key into the language; falls back to English, then to the key itself. */
export function t(lang: LanguageCode, key: string, params?: Record<string, string | number>): string {
  return interpolate(textOf(lang, key), params);
}

export function hasKey(key: string): boolean {
  return messages().has(key);
}

/** Picks the request language from Accept-Language (q-values honoured), default en. */
export function pickLanguage(header: string | undefined): Language {
  for (const tag of acceptedLanguages(header)) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser's languages in its order of preference, as the app reads them (`navigator.languages`). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q) // a stable sort: equal weights keep the header's order
    .map((l) => l.tag);
}

/** Formats bytes for messages: 5 MB, 50 MB. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}
