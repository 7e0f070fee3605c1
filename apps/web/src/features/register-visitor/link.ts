import type { PublicVisitorLink } from '@parkade/contract';
import { getPublic } from '../../platform/api';

/**
 * A visitor link's read (GET /public/visitors/token/{token}), shared by the route, which starts it as the page
 * begins to load, and the page, which shows it (decision 0039 §18): the read no longer waits for the page's code and
 * texts to arrive first. A public GET with fetch (no session, no axios on this page).
 */
export const visitorLinkQuery = (token: string) => ({
  queryKey: ['public-visitor-link', token] as const,
  queryFn: () => getPublic<PublicVisitorLink>(`/public/visitors/token/${encodeURIComponent(token)}`),
  retry: false,
});
