import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/request-types/')({
  validateSearch: listSearch,
  component: RequestTypesList,
});

function RequestTypesList() {
  const { ListPage } = catalogs['request-types'];
  return <ListPage />;
}
