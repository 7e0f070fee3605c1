import type {
  CustomTemplate,
  CustomTemplateBody,
  EmailTemplate,
  EmailTemplateBody,
  EmailTemplateList,
  EmailTemplatePreviewBody,
  MailTemplateKey,
  RenderedMail,
} from '@parkade/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDebounced } from '../../ui/useDebounced';
import { get, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';

/**
 * The calls of the email templates (issue 37 §2): the list of every mail the product sends, one template in the
 * property's languages, its save, its preview with sample values and a test mail to the signed-in user. In the
 * central area they go to the selected property (PropertyScoped), as every property-scoped screen's.
 */
export const TEMPLATES = '/email-templates';

export const templateKeys = {
  all: [TEMPLATES] as const,
  list: [TEMPLATES, 'list'] as const,
  record: (key: MailTemplateKey) => [TEMPLATES, 'record', key] as const,
  custom: (id: number) => [TEMPLATES, 'custom', id] as const,
  preview: (key: MailTemplateKey | 'custom', body: EmailTemplatePreviewBody | null) =>
    [TEMPLATES, 'preview', key, body] as const,
};

/** The mails the product sends and the property's own templates. */
export const templatesQuery = queryOptions<EmailTemplateList, RequestError>({
  queryKey: templateKeys.list,
  queryFn: () => get<EmailTemplateList>(TEMPLATES),
});

/** One of the property's own templates (`/email-templates/12/show`). */
export const customTemplateQuery = (id: number) =>
  queryOptions<CustomTemplate, RequestError>({
    queryKey: templateKeys.custom(id),
    queryFn: () => get<CustomTemplate>(`${TEMPLATES}/custom/${id}`),
  });

/** A new template of the property's own, or (with an id) a template replaced whole. */
export const saveCustomTemplate = (id: number | null, body: CustomTemplateBody) =>
  id === null
    ? send<CustomTemplate>('POST', TEMPLATES, body)
    : send<CustomTemplate>('PUT', `${TEMPLATES}/custom/${id}`, body);

export const deleteCustomTemplate = (id: number) =>
  send<{ message: string }>('DELETE', `${TEMPLATES}/custom/${id}`);

export const templateQuery = (key: MailTemplateKey) =>
  queryOptions<EmailTemplate, RequestError>({
    queryKey: templateKeys.record(key),
    queryFn: () => get<EmailTemplate>(`${TEMPLATES}/${key}`),
  });

/** PUT: the languages changed (a text, or null to go back to the default); the others stay as they are. */
export const saveTemplate = (key: MailTemplateKey, body: EmailTemplateBody) =>
  send<EmailTemplate>('PUT', `${TEMPLATES}/${key}`, body);

/** A test mail of a text (saved or not) to the signed-in user's own address: the server's message says where. */
export const sendTestMail = (key: MailTemplateKey | 'custom', body: EmailTemplatePreviewBody) =>
  send<{ message: string }>('POST', `${TEMPLATES}/${key}/test`, body);

/** How long the editor waits after the last key before it asks for a new preview. */
export const PREVIEW_DELAY_MS = 400;

/**
 * The mail as it is sent (POST /email-templates/{key}/preview: the product's layout, the sample values; `custom`:
 * a property's own template, as the bulk mail it makes), for a text that may not be saved yet; null asks for none.
 * `delay` debounces it while one types; the last preview stays on screen while the next one loads.
 */
export function useMailPreview(
  key: MailTemplateKey | 'custom',
  body: EmailTemplatePreviewBody | null,
  delay = 0,
) {
  // Debounced as text: a body written anew at each render with the same words is the same request.
  const serial = body === null ? null : JSON.stringify(body);
  const debounced = useDebounced(serial, delay);
  const wanted = delay ? debounced : serial;
  const asked = wanted === null ? null : (JSON.parse(wanted) as EmailTemplatePreviewBody);
  return useQuery<RenderedMail, RequestError>({
    queryKey: templateKeys.preview(key, asked),
    queryFn: () => send<RenderedMail>('POST', `${TEMPLATES}/${key}/preview`, asked),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
