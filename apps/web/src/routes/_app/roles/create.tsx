import { createFileRoute } from '@tanstack/react-router';
import { roleScreens } from '../../../features/roles';

export const Route = createFileRoute('/_app/roles/create')({ component: Create });

function Create() {
  const { CreatePage } = roleScreens;
  return <CreatePage />;
}
