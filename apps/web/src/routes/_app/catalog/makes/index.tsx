import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/makes/')({
  validateSearch: catalogs.makes.validateSearch,
  component: MakesList,
});

function MakesList() {
  const { ListPage } = catalogs.makes;
  return <ListPage />;
}
