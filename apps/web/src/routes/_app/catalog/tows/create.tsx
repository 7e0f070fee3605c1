import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/tows/create')({
  component: TowsCreate,
});

function TowsCreate() {
  const { CreatePage } = catalogs.tows;
  return <CreatePage />;
}
