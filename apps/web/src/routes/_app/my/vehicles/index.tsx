import { createFileRoute } from '@tanstack/react-router';
import { myVehicleScreens } from '../../../../features/vehicles/my';

export const Route = createFileRoute('/_app/my/vehicles/')({
  validateSearch: myVehicleScreens.validateSearch,
  component: List,
});

function List() {
  const { ListPage } = myVehicleScreens;
  return <ListPage />;
}
