import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where file bytes live. Local disk now; an S3-compatible store implements the same four calls. */
export interface Storage {
  put(extension: string, bytes: Buffer): Promise<string>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,10}$/;

/** Files under <dataDir>/uploads with server-generated names, never under the web root. */
export function localDiskStorage(root: string): Storage {
  const full = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(extension, bytes) {
      const now = new Date();
      const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomUUID()}.${extension.toLowerCase()}`;
      const file = full(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, bytes, { flag: 'wx', mode: 0o640 });
      return key;
    },
    read: (key) => fs.createReadStream(full(key)),
    remove: (key) => fs.promises.rm(full(key), { force: true }),
    exists: (key) =>
      fs.promises.access(full(key)).then(
        () => true,
        () => false,
      ),
  };
}
