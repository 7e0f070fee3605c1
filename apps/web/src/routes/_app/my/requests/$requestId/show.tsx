import { createFileRoute } from '@tanstack/react-router';
import { MyRequestPage, RESIDENT_PLACE } from '../../../../../features/requests/my';

export const Route = createFileRoute('/_app/my/requests/$requestId/show')({ component: PageShow });

function PageShow() {
  const { requestId } = Route.useParams();
  return <MyRequestPage place={RESIDENT_PLACE} id={Number(requestId)} />;
}
