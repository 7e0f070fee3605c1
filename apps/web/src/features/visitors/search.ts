import { visitorsListQuery } from '@parkade/contract';

/** The visitors list's query (the list, the resident's nested list and the export send the same). */
export const visitorSpec = {
  filters: visitorsListQuery.filters,
  sorts: visitorsListQuery.sorts,
  defaultSort: visitorsListQuery.defaultSort,
  include: ['resident', 'unit'],
};
