import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/tows/')({
  validateSearch: catalogs.tows.validateSearch,
  component: TowsList,
});

function TowsList() {
  const { ListPage } = catalogs.tows;
  return <ListPage />;
}
