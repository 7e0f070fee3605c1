import { createFileRoute } from '@tanstack/react-router';
import { vehiclesListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { vehicleScreens } from '../../../features/vehicles';

export const Route = createFileRoute('/_app/vehicles/')({
  validateSearch: listSearch(vehiclesListQuery),
  component: List,
});

function List() {
  const { ListPage } = vehicleScreens;
  return <ListPage />;
}
