import { createFileRoute } from '@tanstack/react-router';
import { ResidentVehiclesPage } from '../../../../features/residents/nested';
import { residentVehiclesSearch } from '../../../../features/residents/search';

export const Route = createFileRoute('/_app/residents/$residentId/vehicles')({
  validateSearch: residentVehiclesSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentVehiclesPage residentId={Number(residentId)} />;
}
