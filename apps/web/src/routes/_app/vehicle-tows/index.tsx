import { createFileRoute } from '@tanstack/react-router';
import { vehicleTowsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { vehicleTowScreens } from '../../../features/vehicle-tows';

export const Route = createFileRoute('/_app/vehicle-tows/')({
  validateSearch: listSearch(vehicleTowsListQuery),
  component: List,
});

function List() {
  const { ListPage } = vehicleTowScreens;
  return <ListPage />;
}
