import type { ListQuery, ListResponse } from '@parkade/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, list, send } from '../platform/api';
import type { RequestError } from '../platform/errors';

/**
 * The query hooks every resource screen uses. A resource is named by its API path ('/zones'); every key starts
 * with it, so a write invalidates the resource's lists and records in one call.
 *
 *   ['/zones', 'list', query]   a page of the list
 *   ['/zones', 'record', id]    one record
 */
export const resourceKeys = {
  all: (resource: string) => [resource] as const,
  list: (resource: string, query: ListQuery) => [resource, 'list', query] as const,
  record: (resource: string, id: number | string) => [resource, 'record', String(id)] as const,
};

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useList<T>(resource: string, query: ListQuery, options: { enabled?: boolean } = {}) {
  return useQuery<ListResponse<T>, RequestError>({
    queryKey: resourceKeys.list(resource, query),
    queryFn: () => list<T>(resource, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One record (GET /resource/:id). */
export function useRecord<T>(resource: string, id: number | string | null | undefined) {
  return useQuery<T, RequestError>({
    queryKey: resourceKeys.record(resource, id ?? ''),
    queryFn: () => get<T>(`${resource}/${id}`),
    enabled: id !== null && id !== undefined && id !== '',
  });
}

/** A form's options read (`/visitors/options/residents`): any write may change what it offers. */
const isOptionsQuery = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0].includes('/options/');

function useInvalidate(resource: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: resourceKeys.all(resource) }),
      client.invalidateQueries({ predicate: (q) => isOptionsQuery(q.queryKey) }),
    ]);
}

/** POST /resource → the created record. */
export function useCreate<T, B = unknown>(resource: string, headers?: Record<string, string>) {
  const invalidate = useInvalidate(resource);
  return useMutation<T, RequestError, B>({
    mutationFn: (body) => send<T>('POST', resource, body, headers),
    onSuccess: () => invalidate(),
  });
}

/**
 * PUT /resource/:id → the updated record (kept in the cache at once). `search` is an optional query string sent
 * with it ('?action=change-vehicle').
 */
export function useUpdate<T, B = unknown>(resource: string, id: number | string, search = '') {
  const client = useQueryClient();
  const invalidate = useInvalidate(resource);
  return useMutation<T, RequestError, B>({
    mutationFn: (body) => send<T>('PUT', `${resource}/${id}${search}`, body),
    onSuccess: async (record) => {
      client.setQueryData(resourceKeys.record(resource, id), record);
      await invalidate();
    },
  });
}

/** DELETE /resource/:id → the server's message ("The zone was deleted"). */
export function useDelete(resource: string) {
  const client = useQueryClient();
  return useMutation<{ message: string }, RequestError, number | string>({
    mutationFn: (id) => send<{ message: string }>('DELETE', `${resource}/${id}`),
    // The lists are refreshed; the deleted record's own query is left alone (its page is being left, and
    // refetching it would only answer 404).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [resource, 'list'] }),
        client.invalidateQueries({ predicate: (q) => isOptionsQuery(q.queryKey) }),
      ]),
  });
}
