import { createFileRoute } from '@tanstack/react-router';
import { bannedVehiclesListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { bannedVehicleScreens } from '../../../features/banned-vehicles';

export const Route = createFileRoute('/_app/banned-vehicles/')({
  validateSearch: listSearch(bannedVehiclesListQuery),
  component: List,
});

function List() {
  const { ListPage } = bannedVehicleScreens;
  return <ListPage />;
}
