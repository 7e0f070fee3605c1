import { createFileRoute } from '@tanstack/react-router';
import { visitorScreens } from '../../../features/visitors';

export const Route = createFileRoute('/_app/visitors/create')({ component: Create });

function Create() {
  const { CreatePage } = visitorScreens;
  return <CreatePage />;
}
