import { createFileRoute } from '@tanstack/react-router';
import { bannedVehicleScreens } from '../../../../features/banned-vehicles';

export const Route = createFileRoute('/_app/banned-vehicles/$bannedVehicleId/show')({ component: Pageshow });

function Pageshow() {
  const { bannedVehicleId } = Route.useParams();
  const { Page } = bannedVehicleScreens;
  return <Page mode="show" id={Number(bannedVehicleId)} />;
}
