import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { vehicleScreens } from '../../../features/vehicles';

export const Route = createFileRoute('/_app/vehicles/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = vehicleScreens;
  return <ListPage />;
}
