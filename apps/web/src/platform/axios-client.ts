import type { Area } from '@parkade/contract';
import axios, { type AxiosInstance } from 'axios';
import i18n from './i18n';
import { normaliseError, RequestError } from './errors';
import { API_BASE } from './host';
import { useAuthStore, useLanguageStore, usePropertyStore } from './stores';

/**
 * One axios client per area (SPEC §7): Accept-Language, the bearer token when one is stored, the XMLHttpRequest
 * marker and credentials; the tenant client adds X-Tenant and refuses to run without a tenant code; the central
 * client adds X-Property, the selected property, for the routes that work on one property. Every error
 * leaves as a RequestError (errors.ts).
 */
export function createClient(area: Area, tenant: string | null): AxiosInstance {
  const client = axios.create({
    baseURL: API_BASE[area],
    withCredentials: true,
    timeout: 30_000,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    // filter[x]=a,b etc. are built by the contract's toSearchParams; plain objects as usual.
    paramsSerializer: {
      serialize: (params: Record<string, unknown>) =>
        new URLSearchParams(params as Record<string, string>).toString(),
    },
  });
  client.interceptors.request.use((config) => {
    if (area === 'tenant') {
      if (!tenant) throw new RequestError(i18n.t('errors.tenantNotSet'), 400);
      config.headers.set('X-Tenant', tenant);
    } else {
      // Central staff act on one selected property at a time (DESIGN §1): property-scoped routes read it here. A
      // call that names its property itself (a property's page counting its staff) keeps it.
      const propertyId = usePropertyStore.getState().propertyId;
      if (propertyId && !config.headers.has('X-Property'))
        config.headers.set('X-Property', String(propertyId));
    }
    config.headers.set('Accept-Language', useLanguageStore.getState().currentLanguage);
    const token = useAuthStore.getState().token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(
    (r) => r,
    (err: unknown) => Promise.reject(normaliseError(err, (k) => i18n.t(k))),
  );
  return client;
}
