import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rolesDocTables } from './roles-doc';

const doc = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/roles-and-permissions.md');

describe('docs/roles-and-permissions.md', () => {
  it('holds the seeded roles as ROLE_PERMISSIONS gives them (node --import tsx scripts/roles-doc.mjs)', () => {
    const text = fs.readFileSync(doc, 'utf8');
    const generated = text.split('<!-- generated:roles -->')[1]?.split('<!-- /generated:roles -->')[0];
    expect(generated?.trim()).toBe(rolesDocTables().trim());
  });
});
