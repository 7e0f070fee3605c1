import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../../ui/list-search';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/permit-types/')({
  validateSearch: listSearch,
  component: PermitTypesList,
});

function PermitTypesList() {
  const { ListPage } = catalogs['permit-types'];
  return <ListPage />;
}
