import type { LanguageCode } from '@parkade/contract';

/**
 * A page the server drew (decision 0050; entry-server.tsx draws it, the server's platform/server-pages.ts writes
 * it): what it was drawn with, written into the page as JSON beside the drawn screen, so that the app's first
 * render here is the same screen and React takes over the server's elements (hydrates) instead of drawing anew.
 */
export interface ServerDrawn {
  /** The language the screen was drawn in: the browser's first one the area offers (Accept-LanguageCode). */
  language: LanguageCode;
  /** The area's languages (GET /langs/codes/all). */
  languages: LanguageCode[];
  /** The interface texts of `language`, as GET /langs/{code} answers them. */
  texts: Record<string, string>;
  /** The query answers the screen was drawn from, by query key (the poster link's read). */
  queries: [readonly unknown[], unknown][];
}

/** The element the server writes the page's state into, and the event the app sends once it has taken over. */
export const SERVER_DRAWN_ID = 'parkade-drawn';
export const APP_READY_EVENT = 'parkade:ready';

/** This page's drawn state, or null for a page the server did not draw (every screen but the public ones). */
export function serverDrawn(): ServerDrawn | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(SERVER_DRAWN_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as ServerDrawn;
  } catch {
    return null;
  }
}
