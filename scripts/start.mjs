// `npm start`: builds the web app only when a source it is built from changed since the last build, then runs the
// server in this same process (no second Node start). Everything else — migrations, demo data, listening — is the
// server's own start-up (apps/server/src/main.ts).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

ensureWebBuild();
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
