import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { hostContext } from '../../platform/host';
import { useAuthStore } from '../../platform/stores';
import { navSections, visibleNavItems, type NavContext } from './nav';

/** Whether the router has a screen at this path (an index route's full path ends with a slash). */
export function useAvailablePaths(): (path: string) => boolean {
  const router = useRouter();
  return useMemo(() => {
    const paths = new Set(
      Object.keys(router.routesByPath).map((p) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p)),
    );
    return (path: string) => paths.has(path);
  }, [router]);
}

/** The navigation of the signed-in user: the nav table filtered by access, area and existing screens. */
export function useNav() {
  const user = useAuthStore((s) => s.user);
  const permissions = useAuthStore((s) => s.permissions);
  const available = useAvailablePaths();
  return useMemo(() => {
    if (!user) return { sections: [], items: [] };
    const ctx: NavContext = { user, permissions, area: hostContext().area, available };
    return { sections: navSections(ctx), items: visibleNavItems(ctx) };
  }, [user, permissions, available]);
}
