import { createFileRoute } from '@tanstack/react-router';
import { ResidentPermitsPage } from '../../../../features/residents/nested';
import { listSearch } from '../../../../ui/list-search';

export const Route = createFileRoute('/_app/residents/$residentId/permits')({
  validateSearch: listSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentPermitsPage residentId={Number(residentId)} />;
}
