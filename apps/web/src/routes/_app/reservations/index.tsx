import { createFileRoute } from '@tanstack/react-router';
import { listSearch } from '../../../ui/list-search';
import { reservationScreens } from '../../../features/reservations';

export const Route = createFileRoute('/_app/reservations/')({
  validateSearch: listSearch,
  component: List,
});

function List() {
  const { ListPage } = reservationScreens;
  return <ListPage />;
}
