// Precompresses the built app (npm run build): every text asset of dist/ gets a .br (brotli, best) and a .gz
// (gzip, best) beside it, which the server sends to browsers that accept them (@fastify/static preCompressed).
// Compressing once at build costs nothing per request; fonts and images are already compressed and are left alone,
// and source maps are read by developer tools only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { minifySync } from 'rolldown/experimental';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

// The drawn pages' loader (public/boot.js, decision 0050) is copied from public/ as written: minified here, before it
// is compressed and counted in the sign-in page's budget below.
const boot = path.join(dist, 'boot.js');
if (fs.existsSync(boot)) fs.writeFileSync(boot, minifySync('boot.js', fs.readFileSync(boot, 'utf8')).code);

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
 * The first screens' JavaScript budgets, measured as sent (brotli): the entry file, the route's own file and what it
 * imports, as the build's manifest lists them. A build over one fails, so a route that pulls a screen into the entry
 * file (a `validateSearch` taken from a feature module, say), or a first screen that takes the data grid, the date
 * pickers or the full form fields, is caught by the build that made it, not by the next benchmark.
 * - the sign-in page (issue 15: ≤ 200 KB; decision 0017);
 * - the visitor registration page a poster's QR code opens (issue 36 §18, decision 0039 §18): 215 KB — the sign-in
 *   page's files and the receipt's date formats, no more.
 * Both pages are drawn by the server (decision 0050): what they need also counts the app's take-over of a drawn
 * page (src/platform/take-over.tsx) and the loader that starts it on the first touch (public/boot.js).
 */
const BUDGETS = [
  { name: 'sign-in page', route: 'src/routes/auth/login.tsx', kb: 200 },
  { name: 'visitor registration page', route: 'src/routes/register.visitors.$visitorToken.tsx', kb: 215 },
];
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (fs.existsSync(manifestFile)) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const size = (file) => {
    const at = path.join(dist, file);
    return fs.existsSync(`${at}.br`) ? fs.statSync(`${at}.br`).size : fs.statSync(at).size;
  };
  let over = false;
  for (const budget of BUDGETS) {
    const chunks = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || chunks.has(chunk.file)) return;
      chunks.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
    visit('src/platform/take-over.tsx');
    // The route's component is split from its declaration (TanStack's `?tsr-split=component`).
    for (const key of Object.keys(manifest))
      if (key === budget.route || key.startsWith(`${budget.route}?`)) visit(key);
    const js = [...chunks, 'boot.js'].filter((f) => f.endsWith('.js'));
    const total = js.reduce((sum, f) => sum + size(f), 0);
    const within = total <= budget.kb * 1024;
    console.log(
      `${budget.name} JavaScript: ${kb(total)} brotli in ${js.length} files — ${within ? 'within' : 'OVER'} the ${budget.kb} KB budget`,
    );
    if (!within) {
      over = true;
      console.error(
        `The ${budget.name} needs ${kb(total)} of JavaScript, over its ${budget.kb} KB budget: ${js.join(', ')}.` +
          ' A route file that imports a screen module outside its component puts it in the entry file (decision 0017);' +
          ' a first screen takes the light fields, not ui/fields (decision 0039 §18).',
      );
    }
  }
  if (over) process.exit(1);
}
