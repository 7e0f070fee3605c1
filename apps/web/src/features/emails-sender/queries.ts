import {
  emailsSenderResource,
  optionsRead,
  type CustomTemplate,
  type EmailRecipient,
  type EmailSend,
  type EmailSendBody,
  type EmailSendPreviewBody,
  type OptionItem,
  type RecipientCount,
  type RecipientFilters,
  type RecipientState,
  type RenderedMail,
} from '@parkade/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get, list, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useDebounced } from '../../ui/useDebounced';
import { isRunning } from './sending';

/**
 * The calls of the email sender (issue 37 §3): the count of the residents some filters choose, a mail's preview as
 * one of them gets it, the send itself, the history of sends, one send with its recipients, and cancelling a send
 * or sending its failed mails again. In the central area they go to the selected property (PropertyScoped).
 */
export const SENDER = '/emails-sender';
export const HISTORY_PAGE_SIZE = 20;
export const RECIPIENTS_PAGE_SIZE = 50;
/** How often a running send's page asks how far it got. */
export const POLL_MS = 2000;
/** How long the compose page waits after the last change before it counts again or asks for a new preview. */
export const DEBOUNCE_MS = 400;

/** The compose page's pickers (decision 0039 §3: read under the sender's own permissions). */
export const PICK = {
  buildings: optionsRead(emailsSenderResource, 'buildings'),
  units: optionsRead(emailsSenderResource, 'units'),
  residents: optionsRead(emailsSenderResource, 'residents'),
};

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}
/** The preview: the mail as the server renders it, and the files it carries. */
export type SendPreview = RenderedMail & { attachments: { name: string; size: number }[] };
export type RecipientFilter = RecipientState | 'all';

export const senderKeys = {
  all: [SENDER] as const,
  history: (page: number) => [SENDER, 'list', page] as const,
  send: (id: number) => [SENDER, 'record', id] as const,
  recipients: (id: number, page: number, state: RecipientFilter) =>
    [SENDER, 'record', id, 'recipients', page, state] as const,
  count: (filters: RecipientFilters) => [SENDER, 'count', filters] as const,
  preview: (body: EmailSendPreviewBody | null) => [SENDER, 'preview', body] as const,
  names: (source: string, ids: number[]) => [SENDER, 'names', source, ids] as const,
  templates: [SENDER, 'templates'] as const,
};

/** The property's own email templates with their texts, to start a mail from (under the sender's permission). */
export const senderTemplatesQuery = queryOptions<{ data: CustomTemplate[] }, RequestError>({
  queryKey: senderKeys.templates,
  queryFn: () => get<{ data: CustomTemplate[] }>(`${SENDER}/templates`),
});

/** A page of the sends, newest first; refreshed every few seconds while one of them runs. */
export const historyQuery = (page: number) =>
  queryOptions<Page<EmailSend>, RequestError>({
    queryKey: senderKeys.history(page),
    queryFn: () => get<Page<EmailSend>>(SENDER, { page: String(page), pageSize: String(HISTORY_PAGE_SIZE) }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((s) => isRunning(s.state)) ? POLL_MS * 2 : false),
  });

/** One send; asked again every 2 s while it is queued or sending. */
export const sendQuery = (id: number) =>
  queryOptions<EmailSend, RequestError>({
    queryKey: senderKeys.send(id),
    queryFn: () => get<EmailSend>(`${SENDER}/${id}`),
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.state) ? POLL_MS : false),
  });

/** A page of a send's recipients, all or in one state; followed as the send is while it runs. */
export const recipientsQuery = (id: number, page: number, state: RecipientFilter, running: boolean) =>
  queryOptions<Page<EmailRecipient>, RequestError>({
    queryKey: senderKeys.recipients(id, page, state),
    queryFn: () =>
      get<Page<EmailRecipient>>(`${SENDER}/${id}/recipients`, {
        page: String(page),
        pageSize: String(RECIPIENTS_PAGE_SIZE),
        ...(state === 'all' ? {} : { state }),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: running ? POLL_MS : false,
  });

/** A value that follows `value` once it stayed the same for `ms`, compared as JSON (a new object each render). */
function useDebouncedBody<T>(value: T | null, ms: number): T | null {
  const serial = value === null ? null : JSON.stringify(value);
  const debounced = useDebounced(serial, ms);
  return debounced === null ? null : (JSON.parse(debounced) as T);
}

/** How many residents the filters choose and reach, counted again once they stop changing. */
export function useRecipientCount(filters: RecipientFilters | null) {
  const asked = useDebouncedBody(filters, DEBOUNCE_MS);
  return useQuery<RecipientCount, RequestError>({
    queryKey: senderKeys.count(asked ?? {}),
    queryFn: () => send<RecipientCount>('POST', `${SENDER}/count`, { filters: asked }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });
}

/** The mail as one resident (or the sample) gets it; null asks for none. The last one stays while the next loads. */
export function useSendPreview(body: EmailSendPreviewBody | null) {
  const asked = useDebouncedBody(body, DEBOUNCE_MS);
  return useQuery<SendPreview, RequestError>({
    queryKey: senderKeys.preview(asked),
    queryFn: () => send<SendPreview>('POST', `${SENDER}/preview`, asked),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** The names of records a send's filters hold by id (its buildings, its units), by id. */
export function useOptionNames(from: { path: string; source: string }, ids: number[] | undefined) {
  const wanted = ids ?? [];
  const query = useQuery<Map<number, string>, RequestError>({
    queryKey: senderKeys.names(from.source, wanted),
    queryFn: async () => {
      const answer = await list<OptionItem>(from.path, { all: true, filter: { id: wanted.map(String) } });
      return new Map(answer.data.map((o) => [o.id, o.label]));
    },
    enabled: wanted.length > 0,
    staleTime: Infinity,
  });
  return query.data ?? EMPTY_NAMES;
}
const EMPTY_NAMES: ReadonlyMap<number, string> = new Map();

export const sendMail = (body: EmailSendBody) => send<EmailSend>('POST', SENDER, body);
export const cancelSend = (id: number) => send<EmailSend>('POST', `${SENDER}/${id}/cancel`);
export const resendFailed = (id: number) => send<EmailSend>('POST', `${SENDER}/${id}/resend-failed`);
