import { createFileRoute } from '@tanstack/react-router';
import { PermitCreatePage } from '../../../features/residents/nested';

export const Route = createFileRoute('/_app/permits/create')({ component: Create });

function Create() {
  return <PermitCreatePage />;
}
