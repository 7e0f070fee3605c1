import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { OCR_BASE, OCR_FILES } from './src/features/patrolling/ocr-files';
import type { BuildManifest } from './src/platform/precache';

/** The API runs on :3000 (npm start); the dev server proxies both API areas to it. */
const api = process.env.PARKADE_API ?? 'http://localhost:3000';

/**
 * Form fields as the sign-in screens use them: react-hook-form and MUI's outlined input with its label, helper
 * text, adornment, checkbox and link.
 */
const FIELDS =
  /node_modules[\\/](react-hook-form|@mui[\\/]material[\\/](InputBase|OutlinedInput|InputLabel|FormLabel|FormControl|FormHelperText|InputAdornment|Checkbox|SwitchBase|FormControlLabel|Link|TextareaAutosize|internal|utils|useSlotProps)[\\/])/;
/**
 * What the other forms add: TextField with its select, menu, popover and modal, the other input variants, and the
 * zod resolver.
 */
const FORM_EXTRAS =
  /node_modules[\\/](@hookform[\\/]resolvers|@mui[\\/]material[\\/](TextField|Select|NativeSelect|FilledInput|Input|Menu|MenuList|MenuItem|Popover|Modal|Portal|Unstable_TrapFocus|Backdrop|Fade|Grow|List|ListItemText|ListItemIcon|Divider)[\\/])/;
/** The sign-in screens' own code, shared by the sign-in, forgot-password and reset-password routes. */
const SIGN_IN =
  /src[\\/]features[\\/](auth[\\/](AuthLayout|AuthTextField|LoginPage|LoginForm|ForgotPasswordPage|ResetPasswordPage|PasswordField|fields)|two-factor[\\/](TwoFactorLoginForm|CodeField)|shell[\\/](LanguageMenu|useArea|identity))\./;

/**
 * The contract is declarations only: every top-level `const` of it is a schema, a list's names or a resource's
 * declaration, built by calls without side effects. A bundler must keep a call it cannot prove pure
 * (`z.object({…})`, `phoneSchema.nullable()`), so a screen that takes one constant of a module would otherwise carry
 * every schema of the contract, and zod with them. Every call in a top-level initialiser of the contract is marked
 * pure (not those inside the functions it declares), so the bundle keeps only what is used (decision 0017).
 */
function pureContract(): Plugin {
  return {
    name: 'parkade:pure-contract',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/.test(id)) return null;
      const s = new MagicString(code);
      const marked = new Set<number>();
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach(visit);
        const n = node as { type?: string; start?: number };
        if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression') return;
        if ((n.type === 'CallExpression' || n.type === 'NewExpression') && !marked.has(n.start!)) {
          marked.add(n.start!);
          s.appendLeft(n.start!, '/* @__PURE__ */ ');
        }
        for (const [k, v] of Object.entries(n)) if (k !== 'type' && typeof v === 'object') visit(v);
      };
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type === 'VariableDeclaration')
          for (const d of declaration.declarations) visit(d.init);
      }
      return s.hasChanged()
        ? { code: s.toString(), map: s.generateMap({ hires: 'boundary', source: id }) }
        : null;
    },
  };
}

/**
 * The plate reader's files (issue 18, optional OCR: tesseract.js, its WebAssembly core and the English model), served
 * from the app's own origin under OCR_BASE — never from a CDN: the phone may have no signal but the app's cache, and
 * a photo of a car is nobody else's business. Copied from node_modules at build; served from there in development.
 */
function ocrFiles(): Plugin {
  const require = createRequire(import.meta.url);
  const source = (name: string) => require.resolve(OCR_FILES[name as keyof typeof OCR_FILES]);
  return {
    name: 'parkade:ocr-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.startsWith(`${OCR_BASE}/`) ? req.url.slice(OCR_BASE.length + 1) : null;
        if (!name || !(name in OCR_FILES)) return next();
        res.setHeader('content-type', name.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        fs.createReadStream(source(name)).pipe(res);
      });
    },
    writeBundle(options) {
      const dir = path.join(options.dir ?? 'dist', OCR_BASE);
      fs.mkdirSync(dir, { recursive: true });
      for (const name of Object.keys(OCR_FILES)) fs.copyFileSync(source(name), path.join(dir, name));
    },
  };
}

/**
 * The service worker's list of files to keep at install (decision 0039 §2): every file a patrol can reach — its
 * pages' chunks and what they load, the shipped dictionaries — computed from this build's manifest
 * (src/platform/precache.ts) and written into dist/sw.js with the build's id, so a new build is a new worker. The
 * build fails when a patrol page or the dictionaries have no chunk.
 */
function precacheList(): Plugin {
  return {
    name: 'parkade:precache',
    apply: 'build',
    writeBundle: {
      order: 'post',
      async handler(options, bundle) {
        // Through Vite's module runner: the list is computed from the contract's route table (TypeScript).
        const { module } = await runnerImport<typeof import('./src/platform/precache')>(
          path.join(import.meta.dirname, 'src/platform/precache.ts'),
          { configFile: false, logLevel: 'warn' },
        );
        const asset = bundle['.vite/manifest.json'];
        if (asset?.type !== 'asset') throw new Error('precache: the build wrote no manifest');
        const manifest = JSON.parse(String(asset.source)) as BuildManifest;
        const { files } = module.patrolPrecache(manifest);
        const id = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
        const file = path.join(options.dir ?? 'dist', 'sw.js');
        const source = fs.readFileSync(file, 'utf8');
        const written = source
          .replace(/^const PRECACHE = \[\];/m, `const PRECACHE = ${JSON.stringify(files)};`)
          .replace(/^const BUILD = 'dev';/m, `const BUILD = '${id}';`);
        if (!written.includes(id) || !written.includes(files[0]!))
          throw new Error('precache: dist/sw.js has no list to fill (const PRECACHE = []; const BUILD = …)');
        fs.writeFileSync(file, written);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    pureContract(),
    ocrFiles(),
    precacheList(),
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: api, changeOrigin: false }, '/tenant': { target: api, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which files each route needs, read by the server to announce them (spa-preload.ts).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Few files for the first screen (decision 0017): each response carries ~1 KB of headers and, on a slow
        // link, a round trip. What main.tsx imports is one chunk; the form fields every form uses are one; the
        // sign-in screens' own code is one. Every route's screens still load with their route.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            { name: 'form-fields', test: FIELDS },
            { name: 'form-extras', test: FORM_EXTRAS },
            { name: 'sign-in', test: SIGN_IN },
          ],
        },
      },
    },
  },
});
