import { createFileRoute } from '@tanstack/react-router';
import { ResidentVisitorsPage } from '../../../../features/visitors/nested';
import { listSearch } from '../../../../ui/list-search';

export const Route = createFileRoute('/_app/residents/$residentId/visitors')({
  validateSearch: listSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentVisitorsPage residentId={Number(residentId)} />;
}
