import { createFileRoute } from '@tanstack/react-router';
import { vehicleScreens } from '../../../../features/vehicles';

export const Route = createFileRoute('/_app/vehicles/$vehicleId/edit')({ component: Pageedit });

function Pageedit() {
  const { vehicleId } = Route.useParams();
  const { Page } = vehicleScreens;
  return <Page mode="edit" id={Number(vehicleId)} />;
}
