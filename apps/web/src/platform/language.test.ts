import type { Language } from '@parkade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledDictionary } from './bundled-translations';

/*
 * The first language of a page (main.tsx → startFirstLanguage, the root route waiting on firstTextsReady) against
 * the signed-in user's, which the bootstrap asks for while the first is still loading (session.ts → applyLanguage).
 * The dictionaries come over `fetch` (GET /langs/{code}); each answer is released by the test, in the order it
 * chooses, so each ordering is run as it happens in a browser under load.
 */

type Language$ = typeof import('./language');
type I18n = (typeof import('./i18n'))['default'];

let answers: Map<string, { resolve: (r: Response) => void; reject: (e: unknown) => void }>;
let calls: string[];
let language: Language$;
let i18n: I18n;

/** Answers GET /langs/{code} with that language's shipped texts. */
function answer(code: Language) {
  const pending = [...answers].find(([url]) => url.includes(`/langs/${code}#`));
  if (!pending) throw new Error(`no request for ${code}`);
  answers.delete(pending[0]);
  pending[1].resolve(new Response(JSON.stringify(bundledDictionary(code)), { status: 200 }));
}

/** Lets every settled promise run its callbacks (and i18next its language change). */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** Whether the promise has settled by now. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await settle();
  return done;
}

beforeEach(async () => {
  answers = new Map();
  calls = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    return new Promise<Response>((resolve, reject) =>
      answers.set(`${url}#${calls.length}`, { resolve, reject }),
    );
  });
  // Fresh modules: the page as it starts (no dictionary fetched yet, i18next with the entry chunk's texts).
  vi.resetModules();
  language = await import('./language');
  i18n = (await import('./i18n')).default;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the page's first language", () => {
  it('waits for the user’s language when the bootstrap asks for it before the stored one has arrived', async () => {
    // Stored es (an earlier visit); the user's language is now zh (changed on another device).
    language.startFirstLanguage('es');
    const ready = language.firstTextsReady();
    // The root route reads the same as a store (useSyncExternalStore): loading, then shown, its readers told.
    const told: string[] = [];
    language.onFirstTexts(() => told.push(language.firstTextsState().status));
    expect(language.firstTextsState().status).toBe('loading');
    void language.applyLanguage('zh');
    answer('es');
    // The stored language's texts arrived, but it is no longer the one to show: no screen yet (before the fix, the
    // root showed its screens here, with i18next still in its default language and none of its texts).
    expect(await settled(ready)).toBe(false);
    expect(i18n.language).not.toBe('es');
    answer('zh');
    await ready;
    expect(i18n.language).toBe('zh');
    expect(i18n.t('shell.retry')).toBe('重试');
    expect(i18n.t('shell.patrolling.title')).toBe(bundledDictionary('zh')['shell.patrolling.title']);
    expect(document.documentElement.lang).toBe('zh-CN');
    await settle();
    expect(told).toEqual(['shown']);
  });

  it('settles with the user’s language when its texts arrive before the stored one’s', async () => {
    language.startFirstLanguage('es');
    const ready = language.firstTextsReady();
    void language.applyLanguage('zh');
    answer('zh');
    await ready;
    expect(i18n.language).toBe('zh');
    answer('es');
    await settle();
    expect(i18n.language).toBe('zh');
  });

  it('settles at once when the user’s language is the stored one', async () => {
    language.startFirstLanguage('es');
    const ready = language.firstTextsReady();
    void language.applyLanguage('es');
    answer('es');
    await ready;
    expect(i18n.language).toBe('es');
    expect(calls).toHaveLength(1);
  });

  it('without signal, takes the shipped texts at once (no retries on a network the browser knows it lacks)', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false, languages: ['en'] });
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    language.startFirstLanguage('es');
    await language.firstTextsReady();
    expect(calls).toHaveLength(1);
    expect(i18n.language).toBe('es');
    expect(i18n.t('shell.patrolling.title')).toBe(bundledDictionary('es')['shell.patrolling.title']);
  });
});

describe('the dictionaries’ address (decision 0046)', () => {
  it('carries the texts version of the page, and a new version after an upload here fetches them again', async () => {
    const meta = document.createElement('meta');
    meta.name = 'parkade-host';
    meta.content = JSON.stringify({ tenant: null, texts: 'abc-1' });
    document.head.append(meta);
    try {
      vi.resetModules();
      language = await import('./language');
      i18n = (await import('./i18n')).default;
      const shown = language.applyLanguage('en');
      const reply = (texts: Record<string, string>) => {
        const [url, pending] = [...answers][0]!;
        answers.delete(url);
        pending.resolve(new Response(JSON.stringify(texts), { status: 200 }));
      };
      expect(calls).toEqual(['/api/central/langs/en?v=abc-1']);
      reply(bundledDictionary('en'));
      await shown;
      const reloaded = language.reloadDictionaries('abc-2');
      expect(calls.at(-1)).toBe('/api/central/langs/en?v=abc-2');
      reply({ ...bundledDictionary('en'), 'form.cancel': 'Never mind' });
      await reloaded;
      expect(i18n.t('form.cancel')).toBe('Never mind');
    } finally {
      meta.remove();
    }
  });
});
