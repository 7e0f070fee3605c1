import { createFileRoute } from '@tanstack/react-router';
import { MyRequestPage, useOwnPlace } from '../../../../features/requests/my';

export const Route = createFileRoute('/_app/my-requests/$requestId/show')({ component: PageShow });

function PageShow() {
  const { requestId } = Route.useParams();
  return <MyRequestPage place={useOwnPlace()} id={Number(requestId)} />;
}
