import { createFileRoute } from '@tanstack/react-router';
import { bannedVehicleScreens } from '../../../features/banned-vehicles';

export const Route = createFileRoute('/_app/banned-vehicles/create')({ component: Create });

function Create() {
  const { CreatePage } = bannedVehicleScreens;
  return <CreatePage />;
}
