import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/permit-types/$permitTypeId/edit')({
  component: PermitTypesEdit,
});

function PermitTypesEdit() {
  const { permitTypeId } = Route.useParams();
  const Page = catalogs['permit-types'].Page;
  return <Page mode="edit" id={Number(permitTypeId)} />;
}
