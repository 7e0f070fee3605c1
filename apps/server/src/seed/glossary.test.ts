/**
 * The names the server seeds into the catalogs are shown to people as they are (in English, until an admin renames
 * them), so they follow the English glossary as the dictionaries do (decision 0039 §16; the dictionaries are checked
 * in packages/contract/src/glossary.test.ts).
 */
import { SYSTEM_PERMIT_TYPES } from '@parkade/contract';
import { glossaryHits } from '@parkade/contract/glossary';
import { describe, expect, it } from 'vitest';
import { REASONS } from '../modules/reasons/seed';
import { TOWS } from '../modules/tows/seed';
import { WARNINGS } from '../modules/warnings/seed';

describe('the seeded catalog names', () => {
  it('use the English glossary’s words, never a banned variant', () => {
    const seeded = { reasons: REASONS, tows: TOWS, warnings: WARNINGS, 'permit types': SYSTEM_PERMIT_TYPES };
    const offences = Object.entries(seeded).flatMap(([catalog, rows]) =>
      rows.flatMap((row) =>
        glossaryHits('en', row.name).map(
          (h) => `${catalog} ${row.code}: "${h.found}" — for ${h.concept} use "${h.preferred}"`,
        ),
      ),
    );
    expect(offences).toEqual([]);
  });
});
