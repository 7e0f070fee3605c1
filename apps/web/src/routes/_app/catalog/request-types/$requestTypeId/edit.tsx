import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/request-types/$requestTypeId/edit')({
  component: RequestTypesEdit,
});

function RequestTypesEdit() {
  const { requestTypeId } = Route.useParams();
  const Page = catalogs['request-types'].Page;
  return <Page mode="edit" id={Number(requestTypeId)} />;
}
