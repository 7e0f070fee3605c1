import { toSearchParams, type ListQuery, type ListResponse } from '@parkade/contract';
import type { AxiosInstance } from 'axios';
import i18n from './i18n';
import { API_BASE, hostContext } from './host';
import { fetchError, RequestError } from './errors';
import { requestHeaders } from './request-headers';

let client: Promise<AxiosInstance> | null = null;

/**
 * The client of the area this page runs in (chosen from the host name). axios loads with the first call that needs
 * it, not with the first screen: the sign-in page reads only public data, through `getPublic` (decision 0017).
 */
export function api(): Promise<AxiosInstance> {
  if (!client) {
    const { area, tenant } = hostContext();
    client = import('./axios-client').then((m) => m.createClient(area, tenant));
  }
  return client;
}

/**
 * A public GET (the language codes, a dictionary) with `fetch` and the headers of SPEC §7 a public call needs:
 * the area's base, X-Tenant, Accept-Language and the XMLHttpRequest marker. It fails as every call does, with a
 * RequestError.
 */
export async function getPublic<T>(url: string): Promise<T> {
  const { area, tenant } = hostContext();
  const headers = requestHeaders(area, tenant, { signedIn: false });
  let res: Response;
  try {
    res = await fetch(API_BASE[area] + url, { headers, credentials: 'include' });
  } catch {
    throw new RequestError(i18n.t('errors.network'), 0);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw fetchError(res.status, body, (k) => i18n.t(k));
  return body as T;
}

/** GET helpers that return the body. */
export async function get<T>(url: string, params?: Record<string, string>): Promise<T> {
  return (await (await api()).get<T>(url, { params })).data;
}
export async function send<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  return (await (await api()).request<T>({ method, url, data: body, headers })).data;
}

/** A list call with the query of SPEC §7 (filter[name]=a,b, filter[term], include, sort, page, pageSize, all). */
export async function list<T>(url: string, query: ListQuery) {
  const qs = toSearchParams(query).toString();
  return (await (await api()).get<ListResponse<T>>(qs ? `${url}?${qs}` : url)).data;
}

/**
 * A file from the API. A refusal is read as the server's own error when it sent one (its message, in the user's
 * language: a blob answer is not parsed by the client's interceptor), else "Error downloading file" (SPEC §8).
 */
export async function getBlob(url: string, headers?: Record<string, string>) {
  const res = await (
    await api()
  ).get<Blob>(url, { headers, responseType: 'blob', validateStatus: () => true });
  if (res.status < 400) return res;
  const body = (await res.data
    .text()
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => null)) as { message?: unknown } | null;
  if (body && typeof body.message === 'string') throw fetchError(res.status, body, (k) => i18n.t(k));
  throw new RequestError(i18n.t('errors.download'), res.status);
}

/** Downloads a blob answer and hands it to the browser as a file. */
export async function download(url: string, fallbackName: string): Promise<void> {
  const res = await getBlob(url);
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
    const res = await getBlob(url);
    if (!tab) return saveBlob(res.data, name, 60_000);
    const href = URL.createObjectURL(res.data);
    tab.location.href = href;
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
