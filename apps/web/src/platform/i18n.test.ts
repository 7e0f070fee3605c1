import { describe, expect, it } from 'vitest';
import i18n, {
  chooseLanguage,
  loadTranslations,
  mapLimit,
  TRANSLATION_BASE_DELAY_MS,
  TRANSLATION_CONCURRENCY,
  TRANSLATION_RETRIES,
  withRetries,
} from './i18n';
import { bundledResources } from './bundled-translations';

describe('language order (SPEC §9)', () => {
  const all = ['en', 'es', 'zh'];
  it('takes the user language, then the stored one, then the browser’s', () => {
    expect(chooseLanguage({ user: 'zh', stored: 'es', browser: ['es-ES'], allowed: all })).toBe('zh');
    expect(chooseLanguage({ user: null, stored: 'es', browser: ['zh-CN'], allowed: all })).toBe('es');
    expect(chooseLanguage({ user: null, stored: null, browser: ['fr-FR', 'zh-CN'], allowed: all })).toBe(
      'zh',
    );
    expect(chooseLanguage({ browser: ['ES-mx'], allowed: all })).toBe('es');
  });

  it('skips what the user may not use, then falls back to en, es, the first allowed', () => {
    expect(chooseLanguage({ user: 'zh', stored: 'zh', browser: ['zh'], allowed: ['en', 'es'] })).toBe('en');
    expect(chooseLanguage({ user: 'zh', browser: ['fr'], allowed: ['es', 'zh'] })).toBe('zh');
    expect(chooseLanguage({ user: 'fr', browser: ['fr'], allowed: ['zh', 'es'] })).toBe('es');
    expect(chooseLanguage({ browser: [], allowed: ['zh'] })).toBe('zh');
    expect(chooseLanguage({ browser: [], allowed: [] })).toBe('en');
    // a language added as data is offered like the shipped ones (decision 0051); what is not a code is ignored
    expect(chooseLanguage({ browser: [], allowed: ['fr', 'zh'] })).toBe('fr');
    expect(chooseLanguage({ browser: ['fr-CA'], allowed: ['zh', 'fr'] })).toBe('fr');
    expect(chooseLanguage({ browser: [], allowed: ['french', 'zh'] })).toBe('zh');
  });
});

describe('translation loading (SPEC §9)', () => {
  it('uses the constants of the spec', () => {
    expect([TRANSLATION_CONCURRENCY, TRANSLATION_RETRIES, TRANSLATION_BASE_DELAY_MS]).toEqual([10, 5, 350]);
  });

  it('runs at most 10 reads at once, results in input order', async () => {
    let running = 0;
    let peak = 0;
    const items = Array.from({ length: 25 }, (_, i) => i);
    const out = await mapLimit(items, TRANSLATION_CONCURRENCY, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      running--;
      return i * 2;
    });
    expect(peak).toBe(10);
    expect(out).toEqual(items.map((i) => i * 2));
  });

  it('retries 5 times with 350 ms doubling, then gives up', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('down'));
    };
    await expect(
      withRetries(failing, undefined, undefined, async (ms) => void waits.push(ms)),
    ).rejects.toThrow('down');
    expect(calls).toBe(6);
    expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('succeeds on a later attempt without further waits', async () => {
    const waits: number[] = [];
    let calls = 0;
    const flaky = async () => {
      if (++calls < 3) throw new Error('busy');
      return 'ok';
    };
    expect(await withRetries(flaky, 5, 350, async (ms) => void waits.push(ms))).toBe('ok');
    expect(waits).toEqual([350, 700]);
  });

  it('lays the API dictionary over the shipped texts; a language the API keeps failing gets the shipped texts', async () => {
    const shippedEs = bundledResources().es.translation['shell.retry'];
    expect(shippedEs).toBe('Reintentar');
    i18n.removeResourceBundle('es', 'translation');
    expect(i18n.getResource('es', 'translation', 'shell.retry')).toBeUndefined();
    const sleeps: number[] = [];
    await loadTranslations(
      ['en', 'es'],
      async (code) => {
        if (code === 'es') throw new Error('unreachable');
        return { 'shell.retry': 'Try again (from the API)' };
      },
      async (ms) => void sleeps.push(ms),
    );
    expect(i18n.getResource('en', 'translation', 'shell.retry')).toBe('Try again (from the API)');
    expect(i18n.getResource('es', 'translation', 'shell.retry')).toBe('Reintentar');
    expect(sleeps).toEqual([350, 700, 1400, 2800, 5600]);
    i18n.addResourceBundle(
      'en',
      'translation',
      { 'shell.retry': bundledResources().en.translation['shell.retry'] },
      true,
      true,
    );
  });

  it('bundles every key in the three languages', () => {
    const { en, es, zh } = bundledResources();
    const keys = Object.keys(en.translation);
    expect(keys.length).toBeGreaterThan(100);
    expect(Object.keys(es.translation).sort()).toEqual([...keys].sort());
    expect(Object.keys(zh.translation).sort()).toEqual([...keys].sort());
  });
});
