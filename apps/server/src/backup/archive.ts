/*
 * The backup's one file: a plain tar (the database's dump inside is compressed already), written and read by the
 * system's `tar` (GNU tar or bsdtar), with manifest.json first (decision 0054).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  DATABASE_FILE,
  MANIFEST,
  parseManifest,
  sha256File,
  UPLOADS,
  filesUnder,
  type Manifest,
} from './manifest';

/** Runs a program to its end; its stdout, or an error with what it wrote on stderr. */
export function run(
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'ENOENT' ? `${program} was not found: install it, or put it on the PATH` : e.message,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${program} failed (exit ${code}): ${err.trim() || out.trim()}`)),
    );
  });
}

/**
 * Writes the archive: manifest.json and the database's file from `staging`, then the uploads from `dataDir`, each
 * named in the manifest. Written beside `out` and renamed once complete, so a failed backup leaves no half file.
 */
export async function writeArchive(out: string, staging: string, dataDir: string, manifest: Manifest) {
  const partial = `${out}.partial`;
  const uploads = manifest.files.filter((f) => f.path.startsWith(`${UPLOADS}/`)).map((f) => f.path);
  const list = path.join(staging, 'uploads.list');
  fs.writeFileSync(list, uploads.map((p) => `${p}\0`).join(''));
  try {
    await run('tar', ['-cf', partial, '-C', staging, MANIFEST, manifest.database.file]);
    if (uploads.length) await run('tar', ['-rf', partial, '-C', dataDir, '--null', '-T', list]);
    fs.renameSync(partial, out);
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(list, { force: true });
  }
}

/** A name an archive of ours may hold: the manifest, a database file, or a file under uploads/ (no '..', not absolute). */
function allowedName(name: string): boolean {
  if (name === MANIFEST || Object.values(DATABASE_FILE).includes(name as never)) return true;
  const parts = name.split('/');
  return (
    parts[0] === UPLOADS &&
    parts.length > 1 &&
    parts.every((p, i) => p !== '..' && p !== '.' && (p !== '' || i === parts.length - 1))
  );
}

/**
 * Unpacks an archive into `staging` and checks it before anything of the installation is touched: only names of
 * ours, a manifest of ours, every file it lists present with its size and SHA-256, and nothing it does not list.
 */
export async function readArchive(archive: string, staging: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new Error(`No such file: ${archive}`);
  let names: string[];
  try {
    names = (await run('tar', ['-tf', archive])).split('\n').filter(Boolean);
  } catch (e) {
    throw new Error(`${archive} is not a readable tar archive: ${(e as Error).message}`);
  }
  const odd = names.filter((n) => !allowedName(n));
  if (odd.length)
    throw new Error(
      `${archive} is not a Parkade backup: it holds ${odd.slice(0, 3).join(', ')}${odd.length > 3 ? ', …' : ''}`,
    );
  if (!names.includes(MANIFEST))
    throw new Error(`${archive} is not a Parkade backup: it has no manifest.json`);
  await run('tar', ['-xf', archive, '-C', staging, '--no-same-owner']);
  const manifest = parseManifest(fs.readFileSync(path.join(staging, MANIFEST), 'utf8'));
  if (!manifest.files.some((f) => f.path === manifest.database.file))
    throw new Error('This backup\u2019s manifest lists no database file.');
  const problems: string[] = [];
  for (const f of manifest.files) {
    if (!allowedName(f.path)) {
      problems.push(`${f.path}: not a name a backup holds`);
      continue;
    }
    const full = path.join(staging, f.path);
    if (!fs.existsSync(full)) problems.push(`${f.path}: missing`);
    else if (fs.statSync(full).size !== f.bytes)
      problems.push(`${f.path}: ${fs.statSync(full).size} bytes, the manifest says ${f.bytes}`);
    else if ((await sha256File(full)) !== f.sha256) problems.push(`${f.path}: checksum differs`);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  const present = [
    ...Object.values(DATABASE_FILE).filter((n) => fs.existsSync(path.join(staging, n))),
    ...filesUnder(staging, UPLOADS),
  ];
  for (const p of present) if (!listed.has(p)) problems.push(`${p}: not in the manifest`);
  if (problems.length)
    throw new Error(
      `This backup is damaged; nothing was restored:\n  ${problems.slice(0, 10).join('\n  ')}` +
        (problems.length > 10 ? `\n  … and ${problems.length - 10} more` : ''),
    );
  return manifest;
}
