import { createFileRoute } from '@tanstack/react-router';
import { residentScreens } from '../../../../features/residents';

export const Route = createFileRoute('/_app/residents/$residentId/edit')({ component: Pageedit });

function Pageedit() {
  const { residentId } = Route.useParams();
  const { Page } = residentScreens;
  return <Page mode="edit" id={Number(residentId)} />;
}
