import { visitorsListQuery } from '@parkade/contract';
import { listSearch } from '../../ui/list-search';

/** The visitors list's query (the list, the resident's nested list and the export send the same). */
export const visitorSpec = {
  filters: visitorsListQuery.filters,
  sorts: visitorsListQuery.sorts,
  defaultSort: visitorsListQuery.defaultSort,
  include: ['resident', 'unit'],
};
export const visitorsSearch = listSearch(visitorSpec);
