import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { unitScreens } from '../../../features/units';

export const Route = createFileRoute('/_app/units/')({
  validateSearch: listSearch,
  component: UnitsList,
});

function UnitsList() {
  const { ListPage } = unitScreens;
  return <ListPage />;
}
