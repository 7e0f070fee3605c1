import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { bannedVehicleScreens } from '../../../features/banned-vehicles';

export const Route = createFileRoute('/_app/banned-vehicles/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = bannedVehicleScreens;
  return <ListPage />;
}
