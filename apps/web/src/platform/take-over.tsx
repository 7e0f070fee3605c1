import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { LanguageCode } from '@parkade/contract';
import i18n from './i18n';
import { initialLanguage, languageCodesQueryOptions, loadDictionary } from './language';
import { APP_READY_EVENT, serverDrawn } from './server-drawn';
import { useLanguageStore } from './stores';

/**
 * The app taking over a page the server drew (decision 0050; a chunk of its own, loaded only for such a page): when
 * the page is in the language this browser would choose anyway, the app starts from the state it was drawn with
 * and takes over its elements (hydrates), keeping the fields, their text and the focus. False when it does not
 * (the page was drawn in the browser's language, and another was chosen here before): the app then draws the page
 * itself, as any other.
 */
export async function takeOver(opts: {
  root: HTMLElement;
  router: AnyRouter;
  queryClient: QueryClient;
  App: ComponentType<{ children?: ReactNode }>;
}): Promise<boolean> {
  const { root, router, queryClient, App } = opts;
  const drawn = serverDrawn();
  if (!drawn || initialLanguage(drawn.languages) !== drawn.language) return false;
  const { whole } = await adoptDrawnLanguage(drawn.language, drawn.texts);
  queryClient.setQueryData(languageCodesQueryOptions().queryKey, drawn.languages);
  for (const [key, data] of drawn.queries) queryClient.setQueryData(key, data);
  await router.load();
  // As the server drew it: the router then makes the same Suspense boundaries around the root route (TanStack
  // Router wraps it in one more in a browser that draws by itself).
  router.ssr = { manifest: undefined };
  hydrateRoot(
    root,
    <App>
      <TakenOver root={root} whole={whole} />
    </App>,
  );
  return true;
}

/**
 * The page came with the texts its screen shows: its language is shown at once with them, with no fetch, so that
 * the app's first render is the screen the server drew. The whole dictionary is fetched once the app has taken
 * over (`whole`).
 */
async function adoptDrawnLanguage(
  lng: LanguageCode,
  texts: Record<string, string>,
): Promise<{ whole: () => Promise<void> }> {
  i18n.addResourceBundle(lng, 'translation', texts, true, true);
  if (useLanguageStore.getState().currentLanguage !== lng) useLanguageStore.getState().setLanguage(lng);
  await i18n.changeLanguage(lng);
  return { whole: () => loadDictionary(lng) };
}

/**
 * The app has taken over the server's screen: what was typed meanwhile is told to the form; once the whole
 * dictionary is in (the page carried only its screen's texts), the page's loader (public/boot.js) lets through the
 * tap or submit it held.
 */
function TakenOver({ root, whole }: { root: HTMLElement; whole: () => Promise<void> }) {
  useEffect(() => {
    replayTyped(root);
    const ready = () => document.dispatchEvent(new Event(APP_READY_EVENT));
    whole().then(ready, ready);
  }, [root, whole]);
  return null;
}

/**
 * What a visitor typed before the app took over stays in its field, but React, which took the field's value as its
 * starting point, has not seen it: each such field is told again, as a change (React's own value tracker is set to
 * the field's first value through the element's setter, the typed text put back through the prototype's, so the
 * input event reads as a change), and a field bound to the form's state takes it in.
 */
function replayTyped(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden'].includes(field.type))
      continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    const prototype =
      field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
