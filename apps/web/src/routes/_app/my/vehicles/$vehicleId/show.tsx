import { createFileRoute } from '@tanstack/react-router';
import { myVehicleScreens } from '../../../../../features/vehicles/my';

export const Route = createFileRoute('/_app/my/vehicles/$vehicleId/show')({ component: Pageshow });

function Pageshow() {
  const { vehicleId } = Route.useParams();
  const { Page } = myVehicleScreens;
  return <Page mode="show" id={Number(vehicleId)} />;
}
