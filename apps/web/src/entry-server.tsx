import type { LanguageCode } from '@parkade/contract';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppTree, routerOptions } from './app-tree';
import { setHostContext, type HostContext } from './platform/host';
import i18n from './platform/i18n';
import { languageCodesQueryOptions } from './platform/language';
import { useLanguageStore } from './platform/stores';
import { routeTree } from './routeTree.gen';

/** What the server draws a page with (apps/server/src/server-pages.ts). */
export interface DrawInput {
  /** The page's path and query. */
  url: string;
  host: HostContext;
  language: LanguageCode;
  languages: LanguageCode[];
  texts: Record<string, string>;
  /** Query answers the screen reads, by query key (the poster link's read). */
  queries: [readonly unknown[], unknown][];
}

/** A drawn page: its HTML, and the texts it used — all the browser needs to draw it again (decision 0050). */
export interface DrawnPage {
  html: string;
  texts: Record<string, string>;
}

/**
 * Draws a public page as the browser's first render would (decision 0050): the same tree (app-tree.tsx), the
 * same routes, the same texts and data; null when the router has no screen for the address as it is. Pages are
 * drawn one after the other, so the one i18next instance and host context of this module are set for the page
 * being drawn and for no other.
 */
export function draw(input: DrawInput): Promise<DrawnPage | null> {
  const drawn = queue.then(() => drawOne(input));
  queue = drawn.catch(() => undefined);
  return drawn;
}

/** One page at a time: the router's load and i18next's switch wait on promises between the shared settings. */
let queue: Promise<unknown> = Promise.resolve();

async function drawOne(input: DrawInput): Promise<DrawnPage | null> {
  setHostContext(input.host);
  const queryClient = new QueryClient();
  queryClient.setQueryData(languageCodesQueryOptions().queryKey, input.languages);
  for (const [key, data] of input.queries) queryClient.setQueryData(key, data);
  const router = createRouter({
    routeTree,
    ...routerOptions(queryClient),
    // Its script, written into a drawn page, would be an inline script (refused by the CSP) and an element the
    // browser's render does not make (it restores scroll positions in the browser alone).
    scrollRestoration: false,
    history: createMemoryHistory({ initialEntries: [input.url] }),
    isServer: true,
  });
  await router.load();
  // An address the router would rewrite (a search key it drops, such as an off-site `redirect`) leaves no match on
  // the server: such a page is the browser's to draw, as any other.
  const { matches } = router.state;
  if (!matches.length || matches.some((m) => m.status !== 'success')) return null;
  i18n.addResourceBundle(input.language, 'translation', input.texts, true, true);
  await i18n.changeLanguage(input.language);
  // The language the screens read (the language menu's button names it), as the browser's take-over sets it.
  useLanguageStore.setState({ currentLanguage: input.language });
  // Every key the screen asks for (each t() call of the render, fixed-language ones included, goes through the
  // instance's t) is kept, with its plural and context forms: the page carries those texts, not the dictionary.
  const asked = new Set<string>();
  const t = i18n.t;
  const untyped = t as unknown as (...args: unknown[]) => unknown;
  i18n.t = ((key: string | string[], ...rest: unknown[]) => {
    for (const k of Array.isArray(key) ? key : [key]) asked.add(k);
    return untyped.call(i18n, key, ...rest);
  }) as unknown as typeof i18n.t;
  let html: string;
  try {
    html = renderToString(<AppTree router={router} queryClient={queryClient} />);
  } finally {
    i18n.t = t;
  }
  const texts: Record<string, string> = {};
  for (const [key, text] of Object.entries(input.texts))
    if (asked.has(key) || asked.has(key.replace(/_[^_]+$/, ''))) texts[key] = text;
  return { html, texts };
}
