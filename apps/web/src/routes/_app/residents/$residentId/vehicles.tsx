import { createFileRoute } from '@tanstack/react-router';
import { ResidentVehiclesPage, residentVehiclesSearch } from '../../../../features/residents/nested';

export const Route = createFileRoute('/_app/residents/$residentId/vehicles')({
  validateSearch: residentVehiclesSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentVehiclesPage residentId={Number(residentId)} />;
}
