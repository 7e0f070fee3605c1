import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HttpError } from './errors';

/** Where file bytes live. Local disk now; an S3-compatible store implements the same four calls. */
export interface Storage {
  put(extension: string, bytes: Buffer): Promise<string>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** The file system has no room (or the account's quota is used up). */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A write the disk could not take (decision 0053): 507 in the error shape and the reader's language. A server
 * condition, not the client's fault: a 5xx, so a client that keeps what it could not send (the patrol's offline
 * queue) keeps it and tries again, where a 4xx would have it dropped as refused.
 */
export const storageFull = () => new HttpError(507, 'upload.noSpace');

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
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(file, bytes, { flag: 'wx', mode: 0o640 });
      } catch (err) {
        // A write cut short (the disk filled up midway) leaves no partial file behind: the caller's row is never
        // written (put comes first) and nothing points at what is removed here.
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (code !== 'EEXIST') await fs.promises.rm(file, { force: true }).catch(() => undefined);
        if (NO_SPACE.has(code)) throw storageFull();
        throw err;
      }
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
