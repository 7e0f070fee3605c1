import { createFileRoute } from '@tanstack/react-router';
import { myPermitScreens } from '../../../../features/permits/my';

export const Route = createFileRoute('/_app/my/permits/create')({ component: Create });

function Create() {
  const { CreatePage } = myPermitScreens;
  return <CreatePage />;
}
