import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/warnings/')({
  validateSearch: listSearch,
  component: WarningsList,
});

function WarningsList() {
  const { ListPage } = catalogs.warnings;
  return <ListPage />;
}
