import type {
  DocumentBody,
  DocumentItem,
  DocumentKind,
  DocumentPreviewBody,
  DocumentSummary,
} from '@parkade/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, get, send } from '../../platform/api';
import { fetchError, type RequestError } from '../../platform/errors';
import i18n from '../../platform/i18n';
import { useDebounced } from '../../ui/useDebounced';

/**
 * The calls of the documents (issue 37 §1, decision 0042): the property's documents, one with its versions, a save
 * (a new version) and the PDF preview. In the central area they go to the selected property (PropertyScoped).
 */
export const DOCUMENTS = '/documents';

export const documentKeys = {
  all: [DOCUMENTS] as const,
  list: [DOCUMENTS, 'list'] as const,
  record: (kind: DocumentKind) => [DOCUMENTS, 'record', kind] as const,
  preview: (kind: DocumentKind, body: string | null) => [DOCUMENTS, 'preview', kind, body] as const,
};

export const documentsQuery = queryOptions<{ data: DocumentSummary[] }, RequestError>({
  queryKey: documentKeys.list,
  queryFn: () => get<{ data: DocumentSummary[] }>(DOCUMENTS),
});

export const documentQuery = (kind: DocumentKind) =>
  queryOptions<DocumentItem, RequestError>({
    queryKey: documentKeys.record(kind),
    queryFn: () => get<DocumentItem>(`${DOCUMENTS}/${kind}`),
  });

/** PUT: a new version with the layout and the texts of the languages sent. */
export const saveDocument = (kind: DocumentKind, body: DocumentBody) =>
  send<DocumentItem>('PUT', `${DOCUMENTS}/${kind}`, body);

/** How long the editor waits after the last change before it asks for a new PDF. */
export const PREVIEW_DELAY_MS = 700;

/** The PDF of a text (POST …/preview), as a Blob. */
async function previewPdf(kind: DocumentKind, body: DocumentPreviewBody): Promise<Blob> {
  const res = await (
    await api()
  ).post<Blob>(`${DOCUMENTS}/${kind}/preview`, body, { responseType: 'blob', validateStatus: () => true });
  if (res.status === 200) return res.data;
  // A refusal comes as a blob too: read its JSON for the message and the field errors (a 422 names the variable).
  const parsed = (await res.data.text().then(JSON.parse, () => null)) as unknown;
  throw fetchError(res.status, parsed, (k) => i18n.t(k));
}

/**
 * The document's PDF as the server draws it (the preview is the download), for a text that may not be saved yet;
 * null asks for none. Debounced by `delay` while one types; the last PDF stays on screen while the next loads. The
 * answer is an object URL, revoked when it is replaced or the screen closes.
 */
export function usePdfPreview(kind: DocumentKind, body: DocumentPreviewBody | null, delay = 0) {
  const serial = body === null ? null : JSON.stringify(body);
  const debounced = useDebounced(serial, delay);
  const wanted = delay ? debounced : serial;
  const query = useQuery<Blob, RequestError>({
    queryKey: documentKeys.preview(kind, wanted),
    queryFn: () => previewPdf(kind, JSON.parse(wanted!) as DocumentPreviewBody),
    enabled: wanted !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const href = URL.createObjectURL(query.data);
    setUrl(href);
    return () => URL.revokeObjectURL(href);
  }, [query.data]);
  return { url, blob: query.data, loading: query.isFetching, error: query.error };
}
