import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/permit-types/$permitTypeId/show')({
  component: PermitTypesShow,
});

function PermitTypesShow() {
  const { permitTypeId } = Route.useParams();
  const Page = catalogs['permit-types'].Page;
  return <Page mode="show" id={Number(permitTypeId)} />;
}
