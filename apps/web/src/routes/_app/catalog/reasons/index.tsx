import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/reasons/')({
  validateSearch: listSearch,
  component: ReasonsList,
});

function ReasonsList() {
  const { ListPage } = catalogs.reasons;
  return <ListPage />;
}
