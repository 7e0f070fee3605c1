import type { Area } from '@parkade/contract';
import { browserZone } from '@parkade/contract';
import i18n from './i18n';
import { RequestError } from './errors';
import { useAuthStore, useLanguageStore, usePropertyStore } from './stores';

/**
 * The headers of SPEC §7 every call of this area sends, in one place for axios (axios-client.ts) and the public
 * `fetch` calls (api.ts `getPublic`): the XMLHttpRequest marker, Accept, Accept-Language (the current language),
 * X-Time-Zone (the browser's: a time in the server's messages names the property's zone when it differs, decision
 * 0039 §12), and X-Tenant on a property's address — a tenant call without its tenant code is refused before it leaves. A
 * signed-in call adds the bearer token and, centrally, X-Property: the selected property the property-scoped
 * routes work on (DESIGN §1). A public call sends neither.
 */
export function requestHeaders(
  area: Area,
  tenant: string | null,
  { signedIn }: { signedIn: boolean },
): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': useLanguageStore.getState().currentLanguage,
  };
  const zone = browserZone();
  if (zone) headers['X-Time-Zone'] = zone;
  if (area === 'tenant') {
    if (!tenant) throw new RequestError(i18n.t('errors.tenantNotSet'), 400);
    headers['X-Tenant'] = tenant;
  }
  if (!signedIn) return headers;
  if (area === 'central') {
    const propertyId = usePropertyStore.getState().propertyId;
    if (propertyId) headers['X-Property'] = String(propertyId);
  }
  const token = useAuthStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
