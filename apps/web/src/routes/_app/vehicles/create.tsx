import { createFileRoute } from '@tanstack/react-router';
import { vehicleScreens } from '../../../features/vehicles';

export const Route = createFileRoute('/_app/vehicles/create')({ component: Create });

function Create() {
  const { CreatePage } = vehicleScreens;
  return <CreatePage />;
}
