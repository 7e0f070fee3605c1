import { createFileRoute } from '@tanstack/react-router';
import { permitScreens } from '../../../../features/permits';

export const Route = createFileRoute('/_app/permits/$permitId/show')({ component: Pageshow });

function Pageshow() {
  const { permitId } = Route.useParams();
  const { Page } = permitScreens;
  return <Page mode="show" id={Number(permitId)} />;
}
