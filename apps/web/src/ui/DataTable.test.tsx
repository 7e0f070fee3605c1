import type { ListResponse } from '@parkade/contract';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../platform/i18n';
import type { RequestError } from '../platform/errors';
import { DataTable, useListState } from './DataTable';
import { listSearch, type ListSpec } from './list-search';

interface Thing {
  id: number;
  code: string;
  name: string;
}

const spec: ListSpec = { filters: ['makeId'], sorts: ['code', 'name'], defaultSort: 'name' };
const rows: Thing[] = [
  { id: 1, code: 'b', name: 'Beta' },
  { id: 2, code: 'a', name: 'Alpha' },
];
/** What the list query answers; the table only displays it (the API's own paging is tested on the server). */
const result = {
  data: { data: rows, meta: { page: 2, pageSize: 25, total: 27, lastPage: 2 } },
  isFetching: false,
  isError: false,
  error: null,
  refetch: () => Promise.resolve(),
} as unknown as UseQueryResult<ListResponse<Thing>, RequestError>;

let lastQuery: unknown;
function Page() {
  const list = useListState(spec);
  lastQuery = list.query;
  return (
    <DataTable<Thing>
      label="Things"
      list={list}
      result={result}
      columns={[
        { field: 'name', headerName: 'Name', link: true },
        { field: 'code', headerName: 'Code' },
      ]}
      rowHref={(r) => `/things/${r.id}/show`}
    />
  );
}

function setup(url: string) {
  const root = createRootRoute({ component: Outlet });
  const things = createRoute({
    getParentRoute: () => root,
    path: '/things',
    validateSearch: listSearch,
    component: Page,
  });
  const show = createRoute({
    getParentRoute: () => root,
    path: '/things/$id/show',
    component: () => <p>shown</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([things, show]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('DataTable', () => {
  it('reads its page, size, sort, search and filters from the URL and asks the API for them', async () => {
    setup('/things?page=2&pageSize=25&sort=-code&term=al&makeId=3&junk=1');
    await screen.findByText('Alpha');
    expect(lastQuery).toEqual({
      page: 2,
      pageSize: 25,
      sort: ['-code'],
      term: 'al',
      filter: { makeId: ['3'] },
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'al');
    expect(screen.getByText('26–27 of 27')).toBeTruthy();
    // The name links to the record's show page.
    expect(screen.getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe('/things/2/show');
  });

  it('writes a new sort and a new search into the URL, back to page 1', async () => {
    const user = userEvent.setup();
    const router = setup('/things?page=2&sort=-code');
    await screen.findByText('Alpha');
    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    // Sorting by name ascending is the default: it leaves the URL.
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'beta');
    await waitFor(() => expect(router.state.location.search).toEqual({ term: 'beta' }), { timeout: 2000 });
    expect(lastQuery).toEqual({ page: 1, pageSize: 50, sort: ['name'], term: 'beta' });
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2, sort: '-code' }));
  });
});
