import { createFileRoute } from '@tanstack/react-router';
import { permitScreens } from '../../../../features/permits';

export const Route = createFileRoute('/_app/permits/$permitId/reject')({ component: Pagereject });

function Pagereject() {
  const { permitId } = Route.useParams();
  const { Page } = permitScreens;
  return <Page mode="show" id={Number(permitId)} />;
}
