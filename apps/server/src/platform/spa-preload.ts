import fs from 'node:fs';
import path from 'node:path';

/**
 * The sign-in screens' code, announced in the page that shows them. Without it the browser learns of the route's
 * files only once the entry file has arrived and run (HTML → entry → route files); with `modulepreload` links it
 * fetches them beside the entry, one round trip sooner on a slow link (decision 0017). The files are the build's
 * named chunks (apps/web/vite.config.ts: `sign-in`, `form-fields`) and the route's own file, found by name once.
 */
const SIGN_IN_ROUTES: Record<string, string> = {
  '/auth/login': 'login',
  '/auth/forgot-password': 'forgot-password',
  '/auth/reset-password': 'reset-password',
};
const SHARED = ['sign-in', 'form-fields'];

export function spaPreloads(webDist: string): (pathname: string) => string {
  let files: string[] | null = null;
  const fileOf = (chunk: string) => {
    files ??= fs.existsSync(path.join(webDist, 'assets')) ? fs.readdirSync(path.join(webDist, 'assets')) : [];
    // A chunk is `<name>-<hash>.js`; the hash is 8 characters of [A-Za-z0-9_-].
    return files.find((f) => new RegExp(`^${chunk}-[\\w-]{8}\\.js$`).test(f));
  };
  const cache = new Map<string, string>();
  return (pathname) => {
    const route = SIGN_IN_ROUTES[pathname.replace(/\/+$/, '')];
    if (!route) return '';
    let links = cache.get(route);
    if (links === undefined) {
      links = [route, ...SHARED]
        .map(fileOf)
        .filter((f): f is string => Boolean(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/assets/${f}" />`)
        .join('');
      cache.set(route, links);
    }
    return links;
  };
}
