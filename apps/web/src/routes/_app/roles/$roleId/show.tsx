import { createFileRoute } from '@tanstack/react-router';
import { roleScreens } from '../../../../features/roles';

export const Route = createFileRoute('/_app/roles/$roleId/show')({ component: Pageshow });

function Pageshow() {
  const { roleId } = Route.useParams();
  const { Page } = roleScreens;
  return <Page mode="show" id={Number(roleId)} />;
}
