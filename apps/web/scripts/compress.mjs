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
