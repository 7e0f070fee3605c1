import { createFileRoute } from '@tanstack/react-router';
import { residentScreens } from '../../../features/residents';

export const Route = createFileRoute('/_app/residents/create')({ component: Create });

function Create() {
  const { CreatePage } = residentScreens;
  return <CreatePage />;
}
