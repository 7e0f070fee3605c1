import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/states/')({
  validateSearch: listSearch,
  component: StatesList,
});

function StatesList() {
  const { ListPage } = catalogs.states;
  return <ListPage />;
}
