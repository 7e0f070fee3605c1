import { describe, expect, it } from 'vitest';
import {
  DICTIONARY_MODULE,
  PATROL_FRAME,
  PATROL_PAGES,
  patrolPrecache,
  routePath,
  type BuildManifest,
} from './precache';

/** A build manifest as Vite writes it, in small: the entry loads every page and two modules on demand. */
function manifest(): BuildManifest {
  const route = (name: string, file: string, imports: string[] = [], dynamicImports: string[] = []) => ({
    [`src/routes/${name}?tsr-split=component`]: { file: `assets/${file}`, imports, dynamicImports },
  });
  return {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_runtime.js'],
      css: ['assets/index-1.css'],
      dynamicImports: [
        DICTIONARY_MODULE,
        'src/platform/axios-client.ts',
        'src/routes/_app.tsx?tsr-split=component',
        'src/routes/_app.tsx?tsr-split=errorComponent',
        'src/routes/_app/index.tsx?tsr-split=component',
        'src/routes/_app/patrolling.tsx?tsr-split=component',
        'src/routes/_app/plate-lookup.tsx?tsr-split=component',
        'src/routes/_app/vehicles/index.tsx?tsr-split=component',
        'src/routes/auth/login.tsx?tsr-split=component',
      ],
    },
    '_runtime.js': { file: 'assets/runtime-1.js' },
    [DICTIONARY_MODULE]: { file: 'assets/bundled-translations-1.js' },
    'src/platform/axios-client.ts': { file: 'assets/axios-client-1.js' },
    '_LanguageMenu.js': { file: 'assets/LanguageMenu-1.js', imports: ['index.html'] },
    '_usePatrol.js': { file: 'assets/usePatrol-1.js', imports: ['index.html'] },
    '../../node_modules/tesseract.js/src/index.js': { file: 'assets/src-1.js' },
    ...route('_app.tsx', '_app-1.js', ['index.html'], ['_LanguageMenu.js']),
    'src/routes/_app.tsx?tsr-split=errorComponent': { file: 'assets/_app-2.js', imports: ['index.html'] },
    ...route('_app/index.tsx', 'index-2.js'),
    ...route('_app/patrolling.tsx', 'patrolling-1.js', ['_usePatrol.js']),
    ...route(
      '_app/plate-lookup.tsx',
      'plate-lookup-1.js',
      ['_usePatrol.js'],
      ['../../node_modules/tesseract.js/src/index.js'],
    ),
    ...route('_app/vehicles/index.tsx', 'vehicles-1.js'),
    ...route('auth/login.tsx', 'login-1.js', [], ['_LanguageMenu.js']),
  };
}

describe("the service worker's list (what a patrol reopens offline)", () => {
  it("is the patrolling resource's pages, the home page and the sign-in page", () => {
    expect([...PATROL_PAGES].sort()).toEqual(['/patrolling', '/plate-lookup']);
    expect(PATROL_FRAME).toEqual(['/', '/auth/login']);
  });

  it('keeps every chunk a patrol page reaches, the layout around it and every dictionary; not the other pages', () => {
    const { files, routes } = patrolPrecache(manifest());
    expect(routes).toEqual([
      'src/routes/_app.tsx',
      'src/routes/_app/index.tsx',
      'src/routes/_app/patrolling.tsx',
      'src/routes/_app/plate-lookup.tsx',
      'src/routes/auth/login.tsx',
    ]);
    expect(files).toEqual(
      [
        'index-1.js',
        'index-1.css',
        'runtime-1.js',
        'bundled-translations-1.js',
        'axios-client-1.js',
        '_app-1.js',
        '_app-2.js',
        'LanguageMenu-1.js',
        'index-2.js',
        'patrolling-1.js',
        'usePatrol-1.js',
        'plate-lookup-1.js',
        'src-1.js',
        'login-1.js',
      ]
        .map((f) => `/assets/${f}`)
        .sort(),
    );
    expect(files).not.toContain('/assets/vehicles-1.js');
  });

  it('fails the build when a patrol page has no chunk', () => {
    const m = manifest();
    delete m['src/routes/_app/plate-lookup.tsx?tsr-split=component'];
    expect(() => patrolPrecache(m)).toThrow('the page /plate-lookup has no route chunk in the build');
  });

  it('fails the build when the shipped dictionaries are not kept', () => {
    const m = manifest();
    m['index.html']!.dynamicImports = m['index.html']!.dynamicImports!.filter((d) => d !== DICTIONARY_MODULE);
    expect(() => patrolPrecache(m)).toThrow('the shipped dictionaries');
  });

  it('names each route file by the page it serves', () => {
    expect(routePath('src/routes/_app/plate-lookup.tsx')).toBe('/plate-lookup');
    expect(routePath('src/routes/_app/index.tsx')).toBe('/');
    expect(routePath('src/routes/_app/visitors/$visitorId/show.tsx')).toBe('/visitors/$visitorId/show');
    expect(routePath('src/routes/register.residents.index.tsx')).toBe('/register/residents');
  });

  it('finds a route file in the app for every page it keeps', () => {
    const files = Object.keys(import.meta.glob('../routes/**/*.tsx')).map((f) =>
      routePath(f.replace('../routes/', 'src/routes/')),
    );
    for (const page of [...PATROL_PAGES, ...PATROL_FRAME]) expect(files, page).toContain(page);
  });
});
