import { createFileRoute } from '@tanstack/react-router';
import { MyReservationsPage } from '../../../features/reservations/MyReservationsPage';

export const Route = createFileRoute('/_app/my/reservations')({
  component: MyReservations,
});

function MyReservations() {
  return <MyReservationsPage />;
}
