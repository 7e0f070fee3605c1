import { createFileRoute } from '@tanstack/react-router';
import { myVisitorScreens } from '../../../../../features/visitors/my';

export const Route = createFileRoute('/_app/my/visitors/$visitorId/edit')({ component: Pageedit });

function Pageedit() {
  const { visitorId } = Route.useParams();
  const { Page } = myVisitorScreens;
  return <Page mode="edit" id={Number(visitorId)} />;
}
