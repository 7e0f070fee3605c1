import { createFileRoute } from '@tanstack/react-router';
import { myPermitScreens } from '../../../../../features/permits/my';

export const Route = createFileRoute('/_app/my/permits/$permitId/edit')({ component: Pageedit });

function Pageedit() {
  const { permitId } = Route.useParams();
  const { Page } = myPermitScreens;
  return <Page mode="edit" id={Number(permitId)} />;
}
