import { createFileRoute } from '@tanstack/react-router';
import { myCaregiverScreens } from '../../../../features/caregivers/my';

export const Route = createFileRoute('/_app/my/caregivers/create')({ component: Create });

function Create() {
  const { CreatePage } = myCaregiverScreens;
  return <CreatePage />;
}
