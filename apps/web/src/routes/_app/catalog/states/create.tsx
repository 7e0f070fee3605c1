import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/states/create')({
  component: StatesCreate,
});

function StatesCreate() {
  const { CreatePage } = catalogs.states;
  return <CreatePage />;
}
