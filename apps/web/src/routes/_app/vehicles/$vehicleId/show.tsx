import { createFileRoute } from '@tanstack/react-router';
import { vehicleScreens } from '../../../../features/vehicles';

export const Route = createFileRoute('/_app/vehicles/$vehicleId/show')({ component: Pageshow });

function Pageshow() {
  const { vehicleId } = Route.useParams();
  const { Page } = vehicleScreens;
  return <Page mode="show" id={Number(vehicleId)} />;
}
