import { createFileRoute } from '@tanstack/react-router';
import { ResidentVehiclesPage } from '../../../../features/residents/nested';
import { listSearch } from '../../../../ui/list-search';

export const Route = createFileRoute('/_app/residents/$residentId/vehicles')({
  validateSearch: listSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentVehiclesPage residentId={Number(residentId)} />;
}
