/**
 * The names the server seeds into the catalogs are shown to people as they are (until an admin renames them), in
 * English and, since issue 36 §9, in Spanish and Chinese too, so they follow each language's glossary as the
 * dictionaries do (decision 0039 §16; the dictionaries are checked in packages/contract/src/glossary.test.ts).
 */
import { CATALOG_NAME_LANGUAGES, LANGUAGES, SYSTEM_PERMIT_TYPES, type CatalogNames } from '@parkade/contract';
import { glossaryHits } from '@parkade/contract/glossary';
import { describe, expect, it } from 'vitest';
import { REASONS } from '../modules/reasons/seed';
import { TOWS } from '../modules/tows/seed';
import { US_STATES } from '../modules/states/seed';
import { WARNINGS } from '../modules/warnings/seed';

describe('the seeded catalog names', () => {
  const seeded = {
    reasons: REASONS,
    tows: TOWS,
    warnings: WARNINGS,
    'permit types': SYSTEM_PERMIT_TYPES,
    states: US_STATES,
  };

  it('use the glossary’s words in every language, never a banned variant', () => {
    const offences = Object.entries(seeded).flatMap(([catalog, rows]) =>
      rows.flatMap((row) =>
        LANGUAGES.flatMap((l) =>
          glossaryHits(l, l === 'en' ? row.name : ((row.names as CatalogNames)[l] ?? '')).map(
            (h) => `${catalog} ${row.code} (${l}): "${h.found}" — for ${h.concept} use "${h.preferred}"`,
          ),
        ),
      ),
    );
    expect(offences).toEqual([]);
  });

  it('ship a Spanish and a Chinese name for every entry of the product’s own catalogs (issue 36 §9)', () => {
    const missing = Object.entries(seeded).flatMap(([catalog, rows]) =>
      rows.flatMap((row) =>
        CATALOG_NAME_LANGUAGES.filter(
          (l) => !(row.names as CatalogNames)[l] && !(catalog === 'states' && l === 'es'),
        ).map((l) => `${catalog} ${row.code} (${l})`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
