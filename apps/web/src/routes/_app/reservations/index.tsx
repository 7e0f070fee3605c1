import { createFileRoute } from '@tanstack/react-router';
import { reservationsListQuery } from '@parkade/contract';
import { listSearch } from '../../../ui/list-search';
import { reservationScreens } from '../../../features/reservations';

export const Route = createFileRoute('/_app/reservations/')({
  validateSearch: listSearch(reservationsListQuery),
  component: List,
});

function List() {
  const { ListPage } = reservationScreens;
  return <ListPage />;
}
