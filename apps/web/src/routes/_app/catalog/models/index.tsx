import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/models/')({
  validateSearch: catalogs.models.validateSearch,
  component: ModelsList,
});

function ModelsList() {
  const { ListPage } = catalogs.models;
  return <ListPage />;
}
