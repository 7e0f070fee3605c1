import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { vehicleTowScreens } from '../../../features/vehicle-tows';

export const Route = createFileRoute('/_app/vehicle-tows/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = vehicleTowScreens;
  return <ListPage />;
}
