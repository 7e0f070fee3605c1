/**
 * Writes the seeded roles' tables of docs/roles-and-permissions.md from the contract (ROLE_PERMISSIONS and the
 * permission catalogue), between the `generated:roles` markers: `node --import tsx scripts/roles-doc.mjs`.
 * The contract test `roles-doc.test.ts` fails while the page differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolesDocTables } from '../packages/contract/src/roles-doc.ts';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/roles-and-permissions.md');
const text = fs.readFileSync(file, 'utf8');
const start = '<!-- generated:roles -->';
const end = '<!-- /generated:roles -->';
const [before, rest] = text.split(start);
const after = rest?.split(end)[1];
if (before === undefined || after === undefined) throw new Error(`markers ${start} … ${end} not found`);
fs.writeFileSync(file, `${before}${start}\n\n${rolesDocTables()}\n${end}${after}`);
