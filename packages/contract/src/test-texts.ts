import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from './constants';

/**
 * For the contract's tests only (not exported by the index: it reads files): every shipped text, key → language →
 * value, from packages/contract/translations/*.json.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../translations');

export function shippedTexts(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) =>
        Object.entries(
          JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, Record<string, string>>,
        ),
      ),
  );
}

/** The keys among `keys` that lack a non-blank text in some language, as "key (language)". */
export function missingTexts(keys: Iterable<string>, texts = shippedTexts()): string[] {
  return [...new Set(keys)].flatMap((key) =>
    LANGUAGES.filter((l) => !texts[key]?.[l]?.trim()).map((l) => `${key} (${l})`),
  );
}
