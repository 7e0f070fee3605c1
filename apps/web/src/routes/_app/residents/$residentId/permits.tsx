import { createFileRoute } from '@tanstack/react-router';
import { ResidentPermitsPage } from '../../../../features/residents/nested';
import { residentPermitsSearch } from '../../../../features/residents/search';

export const Route = createFileRoute('/_app/residents/$residentId/permits')({
  validateSearch: residentPermitsSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentPermitsPage residentId={Number(residentId)} />;
}
