import { ROUTE_PERMISSIONS } from '@parkade/contract';

/*
 * What the service worker keeps at install so that a patrol reopens the app without signal (decision 0029, issue
 * 36 §2): computed from the build's own manifest (dist/.vite/manifest.json) by vite.config.ts, which writes the list
 * into dist/sw.js — never a hand-kept list of files. Pure, so a unit test holds the rules.
 */

/** One chunk of the build manifest, as Vite writes it. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The patrol's pages: every page of the patrolling resource (what its permissions open: /patrolling, /plate-lookup
 * and any page it declares later), read from the contract's route table.
 */
export const PATROL_PAGES: readonly string[] = Object.entries(ROUTE_PERMISSIONS)
  .filter(([, permission]) => permission?.startsWith('patrolling.'))
  .map(([path]) => path);

/**
 * The pages a patrol passes through on its way there: the home page (it sends the inspector on to /patrolling) and
 * the sign-in page (where a session that ended sends them: it must say so, not fail to load).
 */
export const PATROL_FRAME: readonly string[] = ['/', '/auth/login'];

/** The module whose chunk holds the shipped dictionaries of every language (i18n.ts's fallback). */
export const DICTIONARY_MODULE = 'src/platform/bundled-translations.ts';

const ROUTES_DIR = 'src/routes/';

/** A manifest key's route file (`src/routes/_app/plate-lookup.tsx`), its split part dropped; null if not a route. */
function routeFile(key: string): string | null {
  const file = key.split('?')[0]!;
  return file.startsWith(ROUTES_DIR) && /\.tsx?$/.test(file) ? file : null;
}

/**
 * The page a route file serves, as the route table writes it: pathless segments (`_app`) and `index` dropped, a
 * flat file's dots read as slashes (`register.residents.index.tsx` → `/register/residents`).
 */
export function routePath(file: string): string {
  const segments = file
    .slice(ROUTES_DIR.length)
    .replace(/\.tsx?$/, '')
    .split(/[/.]/)
    .filter((s) => !s.startsWith('_') && s !== 'index');
  return `/${segments.join('/')}`;
}

/** A layout route file (`_app.tsx`): every segment pathless, it wraps the pages under its folder. */
const isLayout = (file: string) =>
  file
    .slice(ROUTES_DIR.length)
    .replace(/\.tsx?$/, '')
    .split(/[/.]/)
    .every((s) => s.startsWith('_'));

export interface Precache {
  /** The files to keep, as paths from the site's root (`/assets/…`), sorted. */
  files: string[];
  /** The route files whose chunks are kept (the patrol's pages, their frame and the layouts around them). */
  routes: string[];
}

/**
 * Every file a patrol can reach: the entry and what it imports; for the patrol's pages, their frame and the layouts
 * around them, every chunk of the route (component, error component…) and everything those import, statically or
 * on demand (the plate reader's loader, the language menu); every module the entry loads on demand that is not a
 * page (the API client, the shipped dictionaries). The other pages' chunks are left to be kept as fetched.
 * Throws when a patrol page or the dictionaries have no chunk in the build: the build fails rather than ship a
 * service worker that cannot open the patrol offline.
 */
export function patrolPrecache(
  manifest: BuildManifest,
  pages: readonly string[] = [...PATROL_PAGES, ...PATROL_FRAME],
): Precache {
  const routeFiles = new Set<string>();
  for (const key of Object.keys(manifest)) {
    const file = routeFile(key);
    if (file && !isLayout(file) && pages.includes(routePath(file))) routeFiles.add(file);
  }
  for (const page of pages)
    if (![...routeFiles].some((f) => routePath(f) === page))
      throw new Error(`precache: the page ${page} has no route chunk in the build`);
  // The layouts around them: src/routes/_app.tsx around src/routes/_app/plate-lookup.tsx.
  for (const file of [...routeFiles]) {
    const parts = file.slice(ROUTES_DIR.length).split('/');
    for (let i = 1; i < parts.length; i++) {
      const layout = `${ROUTES_DIR}${parts.slice(0, i).join('/')}`;
      for (const key of Object.keys(manifest))
        if (routeFile(key)?.replace(/\.tsx?$/, '') === layout) routeFiles.add(routeFile(key)!);
    }
  }
  const kept = (key: string) => {
    const file = routeFile(key);
    return file === null || routeFiles.has(file);
  };

  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(`/${chunk.file}`);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${f}`);
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const dep of chunk.dynamicImports ?? []) if (kept(dep)) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of Object.keys(manifest)) if (routeFile(key) && kept(key)) visit(key);

  const dictionaries = manifest[DICTIONARY_MODULE];
  if (!dictionaries || !files.has(`/${dictionaries.file}`))
    throw new Error(`precache: the shipped dictionaries (${DICTIONARY_MODULE}) are not among the kept files`);
  return { files: [...files].sort(), routes: [...routeFiles].sort() };
}
