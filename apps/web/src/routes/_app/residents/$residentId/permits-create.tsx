import { createFileRoute } from '@tanstack/react-router';
import { ResidentPermitCreatePage } from '../../../../features/residents/nested';

export const Route = createFileRoute('/_app/residents/$residentId/permits-create')({ component: Nested });

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentPermitCreatePage residentId={Number(residentId)} />;
}
