import { createFileRoute } from '@tanstack/react-router';
import { ResidentVehicleCreatePage } from '../../../../features/residents/nested';

export const Route = createFileRoute('/_app/residents/$residentId/vehicles-create')({ component: Nested });

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentVehicleCreatePage residentId={Number(residentId)} />;
}
