import type { Area } from '@parkade/contract';
import axios, { type AxiosInstance } from 'axios';
import i18n from './i18n';
import { normaliseError } from './errors';
import { API_BASE } from './host';
import { requestHeaders } from './request-headers';

/**
 * One axios client per area (SPEC §7): the area's base, credentials, and on every call the headers of
 * `requestHeaders` (request-headers.ts). Every error leaves as a RequestError (errors.ts).
 */
export function createClient(area: Area, tenant: string | null): AxiosInstance {
  const client = axios.create({
    baseURL: API_BASE[area],
    withCredentials: true,
    timeout: 30_000,
    // filter[x]=a,b etc. are built by the contract's toSearchParams; plain objects as usual.
    paramsSerializer: {
      serialize: (params: Record<string, unknown>) =>
        new URLSearchParams(params as Record<string, string>).toString(),
    },
  });
  client.interceptors.request.use((config) => {
    for (const [name, value] of Object.entries(requestHeaders(area, tenant, { signedIn: true })))
      // A call that names its property itself (a property's page counting its staff) keeps it.
      if (!(name === 'X-Property' && config.headers.has('X-Property'))) config.headers.set(name, value);
    return config;
  });
  client.interceptors.response.use(
    (r) => r,
    (err: unknown) => Promise.reject(normaliseError(err, (k) => i18n.t(k))),
  );
  return client;
}
