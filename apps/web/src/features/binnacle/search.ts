import { hostContext } from '../../platform/host';
import type { ListSpec } from '../../ui/list-search';

/**
 * The audit log's list names (the API refuses filter[propertyId] in a property's area). Kept apart from the page so
 * that the route's validateSearch does not pull the page's components into the first screen's bundle.
 */
export function binnacleSpec(central = hostContext().area === 'central'): ListSpec {
  return {
    filters: [
      'entity',
      'entityId',
      'userId',
      'userType',
      'action',
      'area',
      'createdAt',
      ...(central ? ['propertyId'] : []),
    ],
    sorts: ['createdAt', 'id', 'entity', 'action', 'userName', ...(central ? ['propertyId'] : [])],
    defaultSort: '-createdAt',
    include: central ? ['property'] : [],
    ranges: ['createdAt'],
  };
}
