import { createFileRoute } from '@tanstack/react-router';
import { unitScreens } from '../../../features/units';

export const Route = createFileRoute('/_app/units/create')({
  component: UnitCreate,
});

function UnitCreate() {
  const { CreatePage } = unitScreens;
  return <CreatePage />;
}
