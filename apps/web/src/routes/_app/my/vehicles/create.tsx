import { createFileRoute } from '@tanstack/react-router';
import { myVehicleScreens } from '../../../../features/vehicles/my';

export const Route = createFileRoute('/_app/my/vehicles/create')({ component: Create });

function Create() {
  const { CreatePage } = myVehicleScreens;
  return <CreatePage />;
}
