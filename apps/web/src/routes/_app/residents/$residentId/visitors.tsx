import { createFileRoute } from '@tanstack/react-router';
import { ResidentVisitorsPage } from '../../../../features/visitors/nested';
import { visitorsSearch } from '../../../../features/visitors/search';

export const Route = createFileRoute('/_app/residents/$residentId/visitors')({
  validateSearch: visitorsSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentVisitorsPage residentId={Number(residentId)} />;
}
