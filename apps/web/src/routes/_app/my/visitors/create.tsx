import { createFileRoute } from '@tanstack/react-router';
import { myVisitorScreens } from '../../../../features/visitors/my';

export const Route = createFileRoute('/_app/my/visitors/create')({ component: Create });

function Create() {
  const { CreatePage } = myVisitorScreens;
  return <CreatePage />;
}
