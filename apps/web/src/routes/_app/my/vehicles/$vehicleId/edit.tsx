import { createFileRoute } from '@tanstack/react-router';
import { myVehicleScreens } from '../../../../../features/vehicles/my';

export const Route = createFileRoute('/_app/my/vehicles/$vehicleId/edit')({ component: Pageedit });

function Pageedit() {
  const { vehicleId } = Route.useParams();
  const { Page } = myVehicleScreens;
  return <Page mode="edit" id={Number(vehicleId)} />;
}
