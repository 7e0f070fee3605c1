import { createFileRoute } from '@tanstack/react-router';
import { ResidentPermitsPage, residentPermitsSearch } from '../../../../features/residents/nested';

export const Route = createFileRoute('/_app/residents/$residentId/permits')({
  validateSearch: residentPermitsSearch,
  component: Nested,
});

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentPermitsPage residentId={Number(residentId)} />;
}
