import { toSearchParams, type Area, type ListQuery, type ListResponse } from '@parkade/contract';
import axios, { type AxiosInstance } from 'axios';
import i18n from './i18n';
import { hostContext } from './host';
import { normaliseError, RequestError } from './errors';
import { useAuthStore, useLanguageStore, usePropertyStore } from './stores';

const BASE: Record<Area, string> = { central: '/api/central', tenant: '/tenant/api' };

/**
 * One axios client per area (SPEC §7): Accept-Language, the bearer token when one is stored, the XMLHttpRequest
 * marker and credentials; the tenant client adds X-Tenant and refuses to run without a tenant code; the central
 * client adds X-Property, the selected property, for the routes that work on one property. Every error
 * leaves as a RequestError (errors.ts).
 */
export function createClient(area: Area, tenant: string | null): AxiosInstance {
  const client = axios.create({
    baseURL: BASE[area],
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
      // Central staff act on one selected property at a time (DESIGN §1): property-scoped routes read it here.
      const propertyId = usePropertyStore.getState().propertyId;
      if (propertyId) config.headers.set('X-Property', String(propertyId));
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

let client: AxiosInstance | null = null;

/** The client of the area this page runs in (chosen from the host name). */
export function api(): AxiosInstance {
  if (!client) {
    const { area, tenant } = hostContext();
    client = createClient(area, tenant);
  }
  return client;
}

/** GET helpers that return the body. */
export async function get<T>(url: string, params?: Record<string, string>): Promise<T> {
  return (await api().get<T>(url, { params })).data;
}
export async function send<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  return (await api().request<T>({ method, url, data: body })).data;
}

/** A list call with the query of SPEC §7 (filter[name]=a,b, filter[term], include, sort, page, pageSize, all). */
export async function list<T>(url: string, query: ListQuery) {
  const qs = toSearchParams(query).toString();
  return (await api().get<ListResponse<T>>(qs ? `${url}?${qs}` : url)).data;
}

/** Downloads a blob answer and hands it to the browser as a file. */
export async function download(url: string, fallbackName: string): Promise<void> {
  const res = await api().get<Blob>(url, { responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(res.data, decodeURIComponent(name));
}

function saveBlob(blob: Blob, name: string, keepMs = 1000) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), keepMs);
}

/**
 * Opens a file the API serves with the session's headers (a stored document, GET /files/{id}) in a new tab, or
 * downloads it when the browser allows no tab.
 */
export async function openFile(url: string, name: string): Promise<void> {
  // The tab is opened before the request so the browser does not take it for a pop-up.
  const tab = window.open('', '_blank');
  try {
    const res = await api().get<Blob>(url, { responseType: 'blob' });
    if (!tab) return saveBlob(res.data, name, 60_000);
    const href = URL.createObjectURL(res.data);
    tab.location.href = href;
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
