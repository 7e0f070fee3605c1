import { createFileRoute } from '@tanstack/react-router';
import { MyPermitPage } from '../../../../../features/permits/my';

export const Route = createFileRoute('/_app/my/permits/$permitId/show')({ component: Pageshow });

function Pageshow() {
  const { permitId } = Route.useParams();
  return <MyPermitPage id={Number(permitId)} />;
}
