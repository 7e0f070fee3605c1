// Precompresses the built app (npm run build): every text asset of dist/ gets a .br (brotli, best) and a .gz
// (gzip, best) beside it, which the server sends to browsers that accept them (@fastify/static preCompressed).
// Compressing once at build costs nothing per request; fonts and images are already compressed and are left alone,
// and source maps are read by developer tools only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

let files = 0;
let raw = 0;
let br = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name)) compress(file);
  }
}
function compress(file) {
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) return;
  const brotli = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
  files += 1;
  raw += body.length;
  br += brotli.length;
}
walk(dist);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompressed ${files} files: ${kb(raw)} → ${kb(br)} brotli`);

/*
 * The sign-in page's JavaScript budget (issue 15: ≤ 200 KB compressed; decision 0017): the entry file, the sign-in
 * route's own file and what it imports, as the build's manifest lists them, measured as sent (brotli). A build over
 * it fails, so a route that pulls a screen into the entry file (a `validateSearch` taken from a feature module, say)
 * is caught by the build that made it, not by the next benchmark.
 */
const SIGN_IN_BUDGET_KB = 200;
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (fs.existsSync(manifestFile)) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const chunks = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const login = Object.keys(manifest).find((k) => k.startsWith('src/routes/auth/login.tsx'));
  if (login) visit(login);
  const size = (file) => {
    const at = path.join(dist, file);
    return fs.existsSync(`${at}.br`) ? fs.statSync(`${at}.br`).size : fs.statSync(at).size;
  };
  const total = [...chunks].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0);
  const verdict = total <= SIGN_IN_BUDGET_KB * 1024 ? 'within' : 'OVER';
  console.log(
    `sign-in page JavaScript: ${kb(total)} brotli in ${chunks.size} files — ${verdict} the ${SIGN_IN_BUDGET_KB} KB budget`,
  );
  if (total > SIGN_IN_BUDGET_KB * 1024) {
    console.error(
      `The sign-in page needs ${kb(total)} of JavaScript, over its ${SIGN_IN_BUDGET_KB} KB budget: ${[...chunks].join(', ')}.` +
        ' A route file that imports a screen module outside its component puts it in the entry file (decision 0017).',
    );
    process.exit(1);
  }
}
