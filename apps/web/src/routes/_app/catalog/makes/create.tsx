import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/makes/create')({
  component: MakesCreate,
});

function MakesCreate() {
  const { CreatePage } = catalogs.makes;
  return <CreatePage />;
}
