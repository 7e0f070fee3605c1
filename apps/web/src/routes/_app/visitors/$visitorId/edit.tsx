import { createFileRoute } from '@tanstack/react-router';
import { visitorScreens } from '../../../../features/visitors';

export const Route = createFileRoute('/_app/visitors/$visitorId/edit')({ component: Edit });

function Edit() {
  const { visitorId } = Route.useParams();
  const { Page } = visitorScreens;
  return <Page mode="edit" id={Number(visitorId)} />;
}
