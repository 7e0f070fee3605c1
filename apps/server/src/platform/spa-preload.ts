import fs from 'node:fs';
import path from 'node:path';

/**
 * The sign-in screens' code, announced in the page that shows them. Without it the browser learns of the route's
 * files only once the entry file has arrived and run (HTML → entry → route files); with `modulepreload` links it
 * fetches them beside the entry, one round trip sooner on a slow link (decision 0017). The files are read from the
 * build's manifest (dist/.vite/manifest.json): the route's own file and the files it imports, not the entry, which
 * the page loads already.
 */
const SIGN_IN_ROUTES: [RegExp, string][] = [
  [/^\/auth\/login$/, 'src/routes/auth/login.tsx'],
  [/^\/auth\/forgot-password$/, 'src/routes/auth/forgot-password.tsx'],
  [/^\/auth\/reset-password$/, 'src/routes/auth/reset-password.tsx'],
  [/^\/auth\/invitation\/[^/]+$/, 'src/routes/auth/invitation/$token.tsx'],
  // The page a poster's QR code opens, on a phone in a car park (decision 0039 §18).
  [/^\/register\/visitors\/[^/]+$/, 'src/routes/register.visitors.$visitorToken.tsx'],
];

/**
 * The signed-in pages' route tables (the web's platform/route-access.ts): left out of the entry file so the sign-in
 * page does not carry every resource's declaration, and announced on every page a signed-in person opens (all but
 * the sign-in and public registration pages), so the layout's guard does not wait for them.
 */
const ROUTE_ACCESS = 'route-access';
const isSignedInPage = (pathname: string) => !/^\/(auth|register)(\/|$)/.test(pathname);

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export function spaPreloads(webDist: string): (pathname: string, drawn?: boolean) => string {
  let manifest: Record<string, ManifestChunk> | null = null;
  const read = () => {
    if (manifest) return manifest;
    const file = path.join(webDist, '.vite', 'manifest.json');
    manifest = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>)
      : {};
    return manifest;
  };
  const cache = new Map<string, string>();
  return (pathname, drawn = false) => {
    const route =
      SIGN_IN_ROUTES.find(([pattern]) => pattern.test(pathname.replace(/\/+$/, '')))?.[1] ??
      (isSignedInPage(pathname) ? ROUTE_ACCESS : undefined);
    if (!route) return '';
    const key = `${route}${drawn ? ' drawn' : ''}`;
    let links = cache.get(key);
    if (links === undefined) {
      const chunks = read();
      const files: string[] = [];
      const visit = (key: string) => {
        const chunk = chunks[key];
        if (!chunk || chunk.isEntry || files.includes(chunk.file)) return;
        files.push(chunk.file);
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      // The route's component is split from its declaration (TanStack's `?tsr-split=component`).
      for (const [key, chunk] of Object.entries(chunks))
        if (key === route || key.startsWith(`${route}?`) || (route === ROUTE_ACCESS && chunk.name === route))
          visit(key);
      // A page the server drew is taken over by a chunk of its own, on the first touch (decision 0050).
      if (drawn) visit('src/platform/take-over.tsx');
      links = files
        .filter((f) => f.endsWith('.js'))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`)
        .join('');
      cache.set(key, links);
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
export function dictionaryPreload(
  acceptLanguage: string | undefined,
  languages: readonly string[],
  version: string,
): string {
  const first =
    (acceptLanguage ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim().toLowerCase().split('-')[0]!)
      .find((code) => languages.includes(code)) ?? 'en';
  // The address the web app asks for (platform/language.ts): the texts' version in it (decision 0046).
  return `<link rel="preload" href="/api/central/langs/${first}?v=${encodeURIComponent(version)}" as="fetch" crossorigin="use-credentials" />`;
}
