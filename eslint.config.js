import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A layer: files that must not import what `forbidden` matches (except `ignores`, e.g. tests at the top). */
function layer(files, forbidden, message, ignores = []) {
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbidden, message: `Layering: ${message}.` }] },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/src/routeTree.gen.ts',
      // The service worker: a plain script of the worker scope, served as it is (not part of the TS project).
      'apps/web/public/sw.js',
      // A drawn page's loader (decision 0050): a plain script served as it is, run before the app's code.
      'apps/web/public/boot.js',
      '**/dist-ssr/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            '*.cjs',
            'e2e/*.mjs',
            'apps/web/scripts/*.mjs',
            'scripts/*.mjs',
          ],
          // The plain scripts above (nine today): few and small, so linting them outside the TS project is cheap.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  // The layers of docs/architecture.md, enforced: each group may import only the layers below it.
  layer(
    ['packages/contract/src/**'],
    ['**/apps/**', '@parkade/server', '@parkade/web'],
    'the contract is the bottom layer',
  ),
  layer(
    ['packages/contract/src/**'],
    [
      '**/apps/**',
      '@parkade/server',
      '@parkade/web',
      'zod',
      'zod/**',
      'libphonenumber-js',
      '**/*.schemas',
      '**/schemas',
    ],
    "the contract is the bottom layer, and a contract module's declarations (x.ts) are plain data the first " +
      'screen reads: schemas and what needs zod or libphonenumber go in x.schemas.ts (decision 0017)',
    ['**/*.schemas.ts', '**/schemas.ts', '**/*.test.ts', '**/index.ts'],
  ),
  layer(
    ['apps/server/src/platform/**'],
    [
      '**/modules/**',
      '**/schema',
      '**/app',
      '**/workers',
      '**/worker',
      '**/main',
      '**/seed',
      '**/seed/**',
      '**/test/**',
    ],
    'the platform knows no resource: a module imports the platform, never the reverse',
    ['apps/server/src/platform/**/*.test.ts'],
  ),
  layer(
    ['apps/server/src/modules/**'],
    ['**/app', '**/workers', '**/worker', '**/main', '**/src/schema', '**/test/**'],
    'a module stands on the platform and other modules, never on the app that assembles them nor on the tests',
    ['apps/server/src/modules/**/*.test.ts'],
  ),
  layer(
    ['apps/web/src/**'],
    ['**/apps/server/**', '**/server/src/**', '@parkade/server'],
    'the web app talks to the server over HTTP only, through the contract',
  ),
  layer(
    ['apps/web/src/platform/**', 'apps/web/src/ui/**'],
    ['**/features/**', '**/routes/**', '**/routeTree.gen'],
    'the web platform and ui know no feature or route',
    ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
  ),
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        module: 'writable',
      },
    },
  },
);
