import { createFileRoute } from '@tanstack/react-router';
import { vehicleScreens } from '../../../features/vehicles';

export const Route = createFileRoute('/_app/vehicles/')({
  validateSearch: vehicleScreens.validateSearch,
  component: List,
});

function List() {
  const { ListPage } = vehicleScreens;
  return <ListPage />;
}
