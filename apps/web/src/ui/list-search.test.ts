import { toSearchParams } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import {
  joinRange,
  listSearch,
  nextListSearch,
  parseListSearch,
  sortFromModel,
  sortModelFromSearch,
  splitRange,
  toListQuery,
  type ListSpec,
} from './list-search';

const models: ListSpec = {
  filters: ['code', 'name', 'makeId'],
  sorts: ['code', 'name', 'createdAt', 'id'],
  defaultSort: 'name',
  include: ['make'],
};

describe('URL search → list state', () => {
  it("the route's generic reading keeps the state as text, defaults and malformed numbers out", () => {
    expect(
      listSearch({ page: '3', pageSize: '100', sort: '-name', term: ' ford ', makeId: 4, x: '' }),
    ).toEqual({
      page: 3,
      pageSize: 100,
      sort: '-name',
      term: 'ford',
      makeId: '4',
    });
    expect(listSearch({ page: '1', pageSize: '7', term: '   ' })).toEqual({});
    // The screen then keeps only what its list declares.
    expect(parseListSearch(listSearch({ sort: 'county', makeId: '4', colour: 'red' }), models)).toEqual({
      makeId: '4',
    });
  });

  it('keeps what the list declares and drops the rest, with defaults left out', () => {
    expect(
      parseListSearch(
        { page: '3', pageSize: 100, sort: '-name', term: '  civic ', makeId: 7, color: 'red', filter: '{}' },
        models,
      ),
    ).toEqual({ page: 3, pageSize: 100, sort: '-name', term: 'civic', makeId: '7' });
    expect(parseListSearch({ page: 1, pageSize: 50 }, models)).toEqual({});
  });

  it('refuses malformed paging, unknown sorts and page sizes outside the options', () => {
    expect(parseListSearch({ page: 0, pageSize: 7, sort: 'county' }, models)).toEqual({});
    expect(parseListSearch({ page: -2, pageSize: '25', sort: '-county,code' }, models)).toEqual({
      pageSize: 25,
      sort: 'code',
    });
    expect(parseListSearch({ page: '2.5', term: '   ' }, models)).toEqual({});
  });
});

describe('list state → API query (SPEC §7)', () => {
  it('sends page 1, page size 50 and the default sort when the URL says nothing', () => {
    const q = toListQuery({}, models);
    expect(q).toEqual({ page: 1, pageSize: 50, sort: ['name'], include: ['make'] });
    expect(toSearchParams(q).toString()).toBe('include=make&sort=name&page=1&pageSize=50');
  });

  it('maps the search box to filter[term], column filters to filter[name] and the sort as it is', () => {
    const q = toListQuery({ page: 2, pageSize: 25, sort: '-code', term: 'civic', makeId: '3,4' }, models);
    expect(q).toEqual({
      page: 2,
      pageSize: 25,
      sort: ['-code'],
      term: 'civic',
      filter: { makeId: ['3', '4'] },
      include: ['make'],
    });
    expect(decodeURIComponent(toSearchParams(q).toString())).toBe(
      'filter[makeId]=3,4&filter[term]=civic&include=make&sort=-code&page=2&pageSize=25',
    );
  });

  it('keeps an open end of a date range and drops empty values elsewhere', () => {
    const spec: ListSpec = {
      filters: ['createdAt', 'action'],
      sorts: ['createdAt'],
      defaultSort: '-createdAt',
      ranges: ['createdAt'],
    };
    const q = toListQuery({ createdAt: '2026-01-01,', action: 'update,' }, spec);
    expect(q.filter).toEqual({ createdAt: ['2026-01-01', ''], action: ['update'] });
    expect(decodeURIComponent(toSearchParams(q).toString())).toContain('filter[createdAt]=2026-01-01,&');
    expect(q.sort).toEqual(['-createdAt']);
  });
});

describe('changing the list', () => {
  it('goes back to page 1 when anything but the page changes', () => {
    expect(nextListSearch({ page: 4, term: 'a' }, { term: 'ab' })).toEqual({ term: 'ab' });
    expect(nextListSearch({ page: 4, sort: 'code' }, { sort: '-code' })).toEqual({ sort: '-code' });
    expect(nextListSearch({ page: 4 }, { page: 5 })).toEqual({ page: 5 });
    expect(nextListSearch({ page: 4, term: 'a' }, { page: 1, pageSize: 100 })).toEqual({
      term: 'a',
      pageSize: 100,
    });
  });

  it('removes cleared and default values from the URL', () => {
    expect(nextListSearch({ term: 'a', makeId: '3' }, { makeId: undefined, pageSize: 50 })).toEqual({
      term: 'a',
    });
    expect(nextListSearch({}, { term: '' })).toEqual({});
  });

  it('maps the grid sort model both ways, leaving the default sort out of the URL', () => {
    expect(sortModelFromSearch(undefined, 'name')).toEqual([{ field: 'name', sort: 'asc' }]);
    expect(sortModelFromSearch('-createdAt,id', 'name')).toEqual([{ field: 'createdAt', sort: 'desc' }]);
    expect(sortFromModel([{ field: 'code', sort: 'desc' }], 'name')).toBe('-code');
    expect(sortFromModel([{ field: 'name', sort: 'asc' }], 'name')).toBeUndefined();
    expect(sortFromModel([], 'name')).toBeUndefined();
  });

  it('splits and joins date ranges', () => {
    expect(splitRange('2026-01-01,2026-01-31')).toEqual(['2026-01-01', '2026-01-31']);
    expect(splitRange(',2026-01-31')).toEqual(['', '2026-01-31']);
    expect(splitRange(undefined)).toEqual(['', '']);
    expect(joinRange('2026-01-01', '')).toBe('2026-01-01,');
    expect(joinRange('', '')).toBeUndefined();
  });
});
