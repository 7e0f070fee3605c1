import type { ListSpec } from '../../ui/list-search';

/** The properties list's names; apart from the pages so that the route's validateSearch stays light. */
export const propertiesListSpec: ListSpec = {
  filters: ['zoneId', 'state', 'city', 'type', 'active'],
  sorts: ['name', 'code', 'city', 'createdAt'],
  defaultSort: 'name',
  include: ['zone'],
};
