/*
 * npm run backup -- [FILE]            the installation (DATA_DIR, DATABASE_URL, DATABASE_ADMIN_URL) into FILE
 * npm run restore -- FILE [--force]   FILE into the installation, which must be empty unless --force
 * (decision 0054; README, "Backup and restore"). Operators' commands: their output is English.
 */
import path from 'node:path';
import { loadEnv } from '../platform/env';
import { createBackup, defaultBackupName, restoreBackup, type Installation } from './index';

const USAGE = `usage:
  npm run backup -- [FILE]             back up the database and the uploaded files into FILE
                                       (default: ./parkade-backup-<date>-<time>.tar)
  npm run restore -- FILE [--force]    restore FILE into this installation; --force replaces what is there`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((a) => a.startsWith('-'));
  if (unknown.length || args.length > 1 || (command === 'backup' && force))
    throw new Error(`unexpected ${unknown[0] ?? (force ? '--force' : args[1])}\n${USAGE}`);
  const env = loadEnv();
  const inst: Installation = {
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    databaseAdminUrl: env.databaseAdminUrl,
  };
  const say = (line: string) => console.log(line);
  if (command === 'backup') {
    await createBackup(inst, path.resolve(args[0] ?? defaultBackupName()), say);
  } else if (command === 'restore') {
    if (!args[0]) throw new Error(`which backup? ${USAGE}`);
    await restoreBackup(inst, path.resolve(args[0]), { force }, say);
  } else throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
