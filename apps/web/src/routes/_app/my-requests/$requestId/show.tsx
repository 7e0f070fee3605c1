import { createFileRoute } from '@tanstack/react-router';
import { MyRequestPage, STAFF_PLACE } from '../../../../features/requests/my';

export const Route = createFileRoute('/_app/my-requests/$requestId/show')({ component: PageShow });

function PageShow() {
  const { requestId } = Route.useParams();
  return <MyRequestPage place={STAFF_PLACE} id={Number(requestId)} />;
}
