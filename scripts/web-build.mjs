// The web app's build, run only when a source it is built from changed since the last build: `npm start` and the
// browser tests (e2e/run.mjs) both call it, so a second start or test run does not build again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');
/** What the web build reads: its sources, the contract it shares with the server, its config and the lockfile. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.ssr.config.ts',
  'apps/web/package.json',
  'apps/web/scripts',
  'packages/contract/src',
  'packages/contract/translations',
  'package-lock.json',
];

function newestChange(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}

function webBuildIsCurrent() {
  if (!fs.existsSync(built)) return false;
  const builtAt = fs.statSync(built).mtimeMs;
  return INPUTS.every((input) => newestChange(path.join(root, input)) <= builtAt);
}

/** Builds the web app unless its build is current; exits the process when the build fails. */
export function ensureWebBuild() {
  if (webBuildIsCurrent()) {
    console.log('web app: up to date');
    return;
  }
  console.log('web app: building (npm run build)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The web build is always a production build: Vite follows NODE_ENV, and a NODE_ENV=development server (the
  // demo's default) would otherwise ship React's development bundle — four times the sign-in page's JavaScript.
  const build = spawnSync(npm, ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
