import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { myVehicleScreens } from '../../../../features/vehicles/my';

export const Route = createFileRoute('/_app/my/vehicles/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = myVehicleScreens;
  return <ListPage />;
}
