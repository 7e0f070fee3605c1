import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { optionsRead, requestsResource, type ListQuery, type RequestItem } from '@parkade/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../platform/errors';
import '../../platform/i18n';
import { NewRequestDialog } from './NewRequestDialog';

/*
 * The new-request dialog on its own, as staff write down a resident's request made at the desk (decision 0049) and as
 * a requester asks: the resident picked from the requests form's options read, the fields required before anything
 * is sent, the multipart body sent, the server's field errors under their fields. The HTTP client is replaced (no
 * server in jsdom); the request itself is made against the real API in requests.test.ts (server).
 */
const calls = vi.hoisted(() => ({
  lists: [] as { url: string; query: ListQuery }[],
  posts: [] as { url: string; body: FormData }[],
  answer: null as null | (() => Promise<unknown>),
}));
vi.mock('../../platform/api', () => ({
  list: (url: string, query: ListQuery) => {
    calls.lists.push({ url, query });
    const all = [
      { id: 7, label: 'Ana Ruiz', detail: 'ana@example.com' },
      { id: 9, label: 'Ben Ode', detail: null },
    ];
    const term = query.term?.toLowerCase();
    const data = term ? all.filter((o) => o.label.toLowerCase().includes(term)) : all;
    return Promise.resolve({ data, meta: { page: 1, pageSize: 50, total: data.length } });
  },
  api: () =>
    Promise.resolve({
      post: (url: string, body: FormData) => {
        calls.posts.push({ url, body });
        return calls.answer!().then((data) => ({ data }));
      },
    }),
}));

const made = { id: 41, subject: 'Family visit', requester: { name: 'Ana Ruiz' } } as RequestItem;

beforeEach(() => {
  calls.lists = [];
  calls.posts = [];
  calls.answer = () => Promise.resolve(made);
});

function setup(desk: boolean) {
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NewRequestDialog
        api={desk ? '/requests' : '/my/requests'}
        residents={desk ? optionsRead(requestsResource, 'residents') : undefined}
        title={desk ? 'New request for a resident' : undefined}
        open
        onClose={() => undefined}
        onCreated={onCreated}
      />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog');
  return {
    user: userEvent.setup({ applyAccept: false }),
    onCreated,
    dialog,
    submit: () => within(dialog).getByRole('button', { name: 'Send request' }),
  };
}

async function fill(f: ReturnType<typeof setup>) {
  await f.user.click(within(f.dialog).getByRole('combobox', { name: /^Type/ }));
  await f.user.click(await screen.findByRole('option', { name: 'Visitor limit exception' }));
  await f.user.type(within(f.dialog).getByRole('textbox', { name: /^Subject/ }), 'Family visit');
  await f.user.type(
    within(f.dialog).getByRole('textbox', { name: /^What do you need/ }),
    'Needs 3 more this week',
  );
}

describe('NewRequestDialog', () => {
  it('at the desk: requires the resident and the fields, then sends them with the files for the resident picked', async () => {
    const f = setup(true);
    expect(within(f.dialog).getByText('New request for a resident')).toBeTruthy();
    await f.user.click(f.submit());
    expect(within(f.dialog).getAllByText('This field is required')).toHaveLength(4);
    expect(calls.posts).toEqual([]);

    // The resident: searched in the requests form's own options read.
    await f.user.type(within(f.dialog).getByRole('combobox', { name: /^Resident/ }), 'ana');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ben Ode' })).toBeNull());
    expect(calls.lists.some((c) => c.query.term === 'ana')).toBe(true);
    expect(calls.lists.every((c) => c.url === '/requests/options/residents')).toBe(true);
    await f.user.click(await screen.findByRole('option', { name: 'Ana Ruiz · ana@example.com' }));
    await fill(f);
    const input = f.dialog.querySelector('input[type=file]') as HTMLInputElement;
    // The upload policy of the requester's own form: a program is refused, a PDF is taken.
    await f.user.upload(input, new File(['MZ'], 'run.exe'));
    expect(within(f.dialog).getByRole('alert').textContent).toMatch(/pdf, jpg, jpeg, png, webp/);
    await f.user.upload(input, new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    await f.user.click(f.submit());

    await waitFor(() => expect(f.onCreated).toHaveBeenCalledWith(made));
    expect(calls.posts).toHaveLength(1);
    const { url, body } = calls.posts[0]!;
    expect(url).toBe('/requests');
    expect(body.get('residentId')).toBe('7');
    expect(body.get('type')).toBe('visitor-limit');
    expect(body.get('subject')).toBe('Family visit');
    expect(body.get('description')).toBe('Needs 3 more this week');
    expect((body.getAll('files') as File[]).map((x) => x.name)).toEqual(['letter.pdf']);
  });

  it("puts the server's field errors under their fields and creates nothing", async () => {
    calls.answer = () =>
      Promise.reject(
        new RequestError('The given data was invalid.', 422, {
          residentId: ['The selected value is invalid'],
        }),
      );
    const f = setup(true);
    await f.user.type(within(f.dialog).getByRole('combobox', { name: /^Resident/ }), 'ben');
    await f.user.click(await screen.findByRole('option', { name: 'Ben Ode' }));
    await fill(f);
    await f.user.click(f.submit());
    expect(await within(f.dialog).findByText('The selected value is invalid')).toBeTruthy();
    expect(f.onCreated).not.toHaveBeenCalled();
  });

  it("for one's own request: no resident to pick, the same fields to the requester's API", async () => {
    const f = setup(false);
    expect(within(f.dialog).queryByRole('combobox', { name: /^Resident/ })).toBeNull();
    expect(within(f.dialog).getByText('New request')).toBeTruthy();
    await fill(f);
    await f.user.click(f.submit());
    await waitFor(() => expect(f.onCreated).toHaveBeenCalledWith(made));
    expect(calls.posts[0]!.url).toBe('/my/requests');
    expect(calls.posts[0]!.body.has('residentId')).toBe(false);
  });
});
