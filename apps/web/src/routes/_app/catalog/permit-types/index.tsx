import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/permit-types/')({
  validateSearch: catalogs['permit-types'].validateSearch,
  component: PermitTypesList,
});

function PermitTypesList() {
  const { ListPage } = catalogs['permit-types'];
  return <ListPage />;
}
