import { chooseLanguage, DICTIONARY_META, localeTag } from '@parkade/contract';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { activeCodes, dictionary } from './modules/langs/service';
import { acceptedLanguages } from './platform/i18n';
import { posterLinkForPage } from './modules/visitors/public';
import { inScope, type Scope, type Services } from './platform/scope';

/**
 * The public pages the server draws (decision 0050): the sign-in page, and the page a poster's QR code opens — met
 * on a phone, often on a weak signal. The page arrives drawn, with its styles, and readable at once; the app's code
 * is fetched beside it but runs only when the visitor first touches the page (public/boot.js), and then takes over
 * the drawn elements (hydrates) instead of drawing them again. Every other page is the app's empty shell.
 */
interface DrawnRoute {
  path: RegExp;
  /**
   * The query answers the screen reads, by the web app's query keys; null when this page is not to be drawn here
   * (the browser draws it, as it draws every other page).
   */
  queries?: (scope: Scope, match: RegExpExecArray) => Promise<[readonly unknown[], unknown][] | null>;
}

const DRAWN: DrawnRoute[] = [
  { path: /^\/auth\/login$/ },
  {
    // The key is the web's visitorLinkQuery (features/register-visitor/link.ts); only a poster's link is drawn.
    path: /^\/register\/visitors\/([^/]+)$/,
    queries: async (scope, [, token]) => {
      if (!scope.property) return null;
      let value: string;
      try {
        value = decodeURIComponent(token!).trim();
      } catch {
        return null;
      }
      const link = await posterLinkForPage(scope, value);
      return link ? [[['public-visitor-link', value], link]] : null;
    },
  },
];

/** What the web build's server entry (apps/web/src/entry-server.tsx) takes. */
interface DrawInput {
  url: string;
  host: { area: 'central' | 'tenant'; tenant: string | null; name?: string | null };
  language: string;
  languages: string[];
  texts: Record<string, string>;
  queries: [readonly unknown[], unknown][];
}

export interface Drawn {
  /** The screen's HTML, for inside `#root`. */
  html: string;
  /** The state it was drawn with, for the app to start from (the web's platform/server-drawn.ts): the texts the
   * screen shows. */
  state: Omit<DrawInput, 'url' | 'host'>;
}

/**
 * The drawer of public pages, from the web build's server bundle (apps/web/dist-ssr, built beside dist). Without
 * that bundle — a server run from its sources alone, the API tests — every page is the empty shell, as before.
 */
export function serverPages(webDist: string, services: Services) {
  const bundle = path.join(webDist, '..', 'dist-ssr', 'entry-server.mjs');
  type Draw = (input: DrawInput) => Promise<{ html: string; texts: Record<string, string> } | null>;
  let drawer: Promise<Draw | null> | undefined;
  const load = () =>
    (drawer ??= fs.existsSync(bundle)
      ? import(pathToFileURL(bundle).href).then((m: { draw: Draw }) => m.draw)
      : Promise.resolve(null));

  return async function drawPage(opts: {
    pathname: string;
    url: string;
    property: { id: number; code: string; name: string } | null;
    acceptLanguage: string | undefined;
  }): Promise<Drawn | null> {
    const pathname = opts.pathname.replace(/\/+$/, '');
    const route = DRAWN.find((r) => r.path.test(pathname));
    if (!route) return null;
    const draw = await load();
    if (!draw) return null;
    const { property } = opts;
    const state = await inScope(
      services,
      { area: property ? 'tenant' : 'central', propertyId: property?.id ?? null },
      async (scope) => {
        // As the app reads them (its languageCodesQueryOptions), else English.
        const codes = await activeCodes(scope);
        const languages = codes.length ? codes : ['en'];
        const language = chooseLanguage({
          browser: acceptedLanguages(opts.acceptLanguage),
          allowed: languages,
        });
        const queries = route.queries ? await route.queries(scope, route.path.exec(pathname)!) : [];
        if (!queries) return null;
        const { texts } = await dictionary(scope, language);
        // A language written right to left (decision 0051) gets the app's shell: the drawing has no RTL styles.
        if (texts[DICTIONARY_META.direction] === 'rtl') return null;
        return { language, languages, texts, queries };
      },
    );
    if (!state) return null;
    const page = await draw({
      url: opts.url,
      host: property
        ? { area: 'tenant', tenant: property.code, name: property.name }
        : { area: 'central', tenant: null },
      ...state,
    });
    if (!page) return null;
    const { html, texts } = page;
    // The page carries the texts its screen shows, not the whole dictionary (a tenth of it): the app fetches that
    // once it has taken over.
    return { html, state: { ...state, texts } };
  };
}

/** The drawn state as the page's JSON (never closing its script element). */
export function drawnStateScript(state: Drawn['state']): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="parkade-drawn">${json}</script>`;
}

/**
 * The page with its screen drawn (decision 0050): the screen inside `#root`, the state beside it, the page's
 * language on `<html lang>`; the entry file and the route's files are fetched at once (`modulepreload`) but the entry
 * is started by public/boot.js on the visitor's first touch, not by the page.
 */
export function drawnPage(page: string, drawn: Drawn, routePreloads: string): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(page);
  if (!entry) return page;
  return page
    .replace(/<html lang="[^"]*">/, `<html lang="${localeTag(drawn.state.language)}">`)
    .replace(
      entry[0],
      `<link rel="modulepreload" crossorigin href="${entry[1]}" /><script src="/boot.js" defer data-entry="${entry[1]}"></script>`,
    )
    .replace('</head>', `${routePreloads}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${drawn.html}</div>${drawnStateScript(drawn.state)}`);
}
