import { createFileRoute } from '@tanstack/react-router';
import { roleScreens } from '../../../../features/roles';

export const Route = createFileRoute('/_app/roles/$roleId/edit')({ component: Pageedit });

function Pageedit() {
  const { roleId } = Route.useParams();
  const { Page } = roleScreens;
  return <Page mode="edit" id={Number(roleId)} />;
}
