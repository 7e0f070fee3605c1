import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/models/')({
  validateSearch: listSearch,
  component: ModelsList,
});

function ModelsList() {
  const { ListPage } = catalogs.models;
  return <ListPage />;
}
