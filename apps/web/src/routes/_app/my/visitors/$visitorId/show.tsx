import { createFileRoute } from '@tanstack/react-router';
import { myVisitorScreens } from '../../../../../features/visitors/my';

export const Route = createFileRoute('/_app/my/visitors/$visitorId/show')({ component: Pageshow });

function Pageshow() {
  const { visitorId } = Route.useParams();
  const { Page } = myVisitorScreens;
  return <Page mode="show" id={Number(visitorId)} />;
}
