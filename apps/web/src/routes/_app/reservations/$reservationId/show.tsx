import { createFileRoute } from '@tanstack/react-router';
import { reservationScreens } from '../../../../features/reservations';

export const Route = createFileRoute('/_app/reservations/$reservationId/show')({ component: PageShow });

function PageShow() {
  const { reservationId } = Route.useParams();
  const { Page } = reservationScreens;
  return <Page mode="show" id={Number(reservationId)} />;
}
