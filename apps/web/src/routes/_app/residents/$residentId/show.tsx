import { createFileRoute } from '@tanstack/react-router';
import { residentScreens } from '../../../../features/residents';

export const Route = createFileRoute('/_app/residents/$residentId/show')({ component: Pageshow });

function Pageshow() {
  const { residentId } = Route.useParams();
  const { Page } = residentScreens;
  return <Page mode="show" id={Number(residentId)} />;
}
