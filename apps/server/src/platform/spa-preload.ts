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

/**
 * The build's stylesheet (a couple of kilobytes: font faces and the base rules) written into the page instead of
 * linked, so it no longer blocks the first paint for a round trip of its own (decision 0017). The CSP allows
 * inline styles already (Emotion writes its own). A page whose stylesheet is missing keeps its link.
 */
export function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g,
    (link, file: string) => {
      const at = path.join(webDist, file);
      if (!fs.existsSync(at)) return link;
      return `<style>${fs.readFileSync(at, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  );
}

/**
 * The first dictionary, announced in the central area's page: the web app cannot show a word before its language's
 * texts are in, and without this it asks for them only once its entry file has arrived and run. The language is
 * the browser's first one Parkade speaks (the Accept-Language the page was asked with, as `navigator.languages`
 * lists it), else English — the web app's own choice on a first visit (SPEC §9). A property's pages cannot be
 * announced this way: their API calls carry X-Tenant, which a preload link cannot send.
 */
export function dictionaryPreload(acceptLanguage: string | undefined, languages: readonly string[]): string {
  const first =
    (acceptLanguage ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim().toLowerCase().split('-')[0]!)
      .find((code) => languages.includes(code)) ?? 'en';
  return `<link rel="preload" href="/api/central/langs/${first}" as="fetch" crossorigin="use-credentials" />`;
}
