import { useEffect } from 'react';

export const APP_NAME = 'Parkade';

/** The browser tab's title for the current screen: "Dashboard · Parkade". */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
