import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded database's directory (decision 0054). PGlite takes no lock of its own: a
 * second process opening the same directory — a second `npm start`, or a backup taken while the product runs —
 * is let in, and two PostgreSQL instances writing one data directory corrupt it. The holder's process id is kept in
 * `<dir>.lock`; a file whose process is gone (a crash, SIGKILL) is taken over. The same id as ours is a previous
 * life of this container (process 1 again), not a live holder.
 */
export function lockPgliteDir(dir: string, purpose: string): () => void {
  const file = `${dir}.lock`;
  // A first start: the lock sits beside a directory PGlite has not made yet, in a parent that may not exist either.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n${purpose}\n`);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').split('\n')[0] === String(process.pid)) fs.rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const [pidText, holder] = readLock(file);
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid} (${holder || 'unknown'}). ` +
          `Stop it first. If no such process is Parkade's, delete ${file} and try again.`,
      );
    // The holder is gone: its lock is stale.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not lock the embedded database in ${dir} (${file} keeps coming back)`);
}

function readLock(file: string): [string, string] {
  try {
    const [pid = '', holder = ''] = fs.readFileSync(file, 'utf8').split('\n');
    return [pid, holder];
  } catch {
    return ['', ''];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
