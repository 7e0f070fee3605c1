import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/models/create')({
  component: ModelsCreate,
});

function ModelsCreate() {
  const { CreatePage } = catalogs.models;
  return <CreatePage />;
}
