import { createFileRoute } from '@tanstack/react-router';
import { bannedVehicleScreens } from '../../../../features/banned-vehicles';

export const Route = createFileRoute('/_app/banned-vehicles/$bannedVehicleId/edit')({ component: Pageedit });

function Pageedit() {
  const { bannedVehicleId } = Route.useParams();
  const { Page } = bannedVehicleScreens;
  return <Page mode="edit" id={Number(bannedVehicleId)} />;
}
