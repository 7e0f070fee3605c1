import { createFileRoute } from '@tanstack/react-router';
import { permitScreens } from '../../../../features/permits';

export const Route = createFileRoute('/_app/permits/$permitId/approve')({ component: Pageapprove });

function Pageapprove() {
  const { permitId } = Route.useParams();
  const { Page } = permitScreens;
  return <Page mode="show" id={Number(permitId)} />;
}
