import { createFileRoute } from '@tanstack/react-router';
import { ResidentVisitorCreatePage } from '../../../../features/visitors/nested';

export const Route = createFileRoute('/_app/residents/$residentId/visitors-create')({ component: Nested });

function Nested() {
  const { residentId } = Route.useParams();
  return <ResidentVisitorCreatePage residentId={Number(residentId)} />;
}
