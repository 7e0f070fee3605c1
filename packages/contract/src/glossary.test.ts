import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { GLOSSARY, glossaryHits } from './glossary';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../translations');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({
    file: f,
    entries: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, Record<string, string>>,
  }));

describe('the glossary (decision 0039 §16)', () => {
  it('every dictionary value uses the glossary’s words, never a banned variant', () => {
    const offences = files.flatMap(({ file, entries }) =>
      Object.entries(entries).flatMap(([key, values]) =>
        LANGUAGES.flatMap((language) =>
          glossaryHits(language, values[language] ?? '').map(
            (h) => `${file} ${key} (${language}): "${h.found}" — for ${h.concept} use "${h.preferred}"`,
          ),
        ),
      ),
    );
    expect(offences).toEqual([]);
  });

  it('tells a banned word from a longer word that contains it, and matches it in any case', () => {
    expect(glossaryHits('es', 'La Placa del vehículo')).toMatchObject([{ concept: 'plate', found: 'Placa' }]);
    expect(glossaryHits('es', 'Se renueva automáticamente; Cochera techada')).toEqual([]);
    expect(glossaryHits('es', 'Dos espacios libres')).toMatchObject([
      { concept: 'parking spot', found: 'espacios' },
    ]);
    expect(glossaryHits('es', 'Apruébelo o recházelo aquí')).toMatchObject([{ found: 'recházelo' }]);
    expect(glossaryHits('en', 'Colour (optional)')).toMatchObject([{ concept: 'spelling: color' }]);
    expect(glossaryHits('en', 'Authorised on; Cancelled')).toHaveLength(2);
    expect(glossaryHits('en', 'The password has passed; a passenger')).toEqual([]);
    expect(glossaryHits('en', 'Spaces and dashes do not matter')).toEqual([]);
    expect(glossaryHits('zh', '访客通行证')).toMatchObject([{ concept: 'permit', found: '通行证' }]);
    expect(glossaryHits('zh', '车牌照片')).toEqual([]);
  });

  it('never bans a word it prefers', () => {
    const clashes = LANGUAGES.flatMap((language) =>
      GLOSSARY[language].flatMap((term) =>
        glossaryHits(language, term.preferred).map(
          (h) => `${language}: "${term.preferred}" hits ${h.banned}`,
        ),
      ),
    );
    expect(clashes).toEqual([]);
  });
});
