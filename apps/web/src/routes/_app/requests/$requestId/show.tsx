import { createFileRoute } from '@tanstack/react-router';
import { requestScreens } from '../../../../features/requests';

export const Route = createFileRoute('/_app/requests/$requestId/show')({ component: PageShow });

function PageShow() {
  const { requestId } = Route.useParams();
  const { Page } = requestScreens;
  return <Page mode="show" id={Number(requestId)} />;
}
