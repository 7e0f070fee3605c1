import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/states/')({
  validateSearch: catalogs.states.validateSearch,
  component: StatesList,
});

function StatesList() {
  const { ListPage } = catalogs.states;
  return <ListPage />;
}
