import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDITED_ENTITIES, auditedRecordPath } from './audited';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../translations');
const texts = Object.fromEntries(
  fs
    .readdirSync(dir)
    .flatMap((f) =>
      Object.entries(
        JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, Record<string, string>>,
      ),
    ),
);

describe('audited entities', () => {
  it('each has its label in every language', () => {
    const missing = AUDITED_ENTITIES.flatMap((e) =>
      ['en', 'es', 'zh'].filter((l) => !texts[`binnacle.entities.${e}`]?.[l]).map((l) => `${e} (${l})`),
    );
    expect(missing).toEqual([]);
  });

  it('link a record to its page, never a deleted one or one without a page', () => {
    expect(auditedRecordPath('residents', '12')).toBe('/residents/12/show');
    expect(auditedRecordPath('properties', '3')).toBe('/properties/3/edit');
    expect(auditedRecordPath('permit_types', '4')).toBe('/catalog/permit-types/4/show');
    expect(auditedRecordPath('auth', '5')).toBeNull();
    expect(auditedRecordPath('residents', null)).toBeNull();
    expect(auditedRecordPath('nothing', '1')).toBeNull();
  });
});
