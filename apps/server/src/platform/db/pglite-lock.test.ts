import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockPgliteDir } from './pglite-lock';

/* The embedded database's lock (decision 0054): a first start, where neither the directory nor its parent exists yet. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('lockPgliteDir', () => {
  it('locks a directory whose parent does not exist yet, and releases it', () => {
    const dir = path.join(root, 'w0', 'pglite');
    const release = lockPgliteDir(dir, 'first start');
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toContain(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
