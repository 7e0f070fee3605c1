import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/request-types/$requestTypeId/show')({
  component: RequestTypesShow,
});

function RequestTypesShow() {
  const { requestTypeId } = Route.useParams();
  const Page = catalogs['request-types'].Page;
  return <Page mode="show" id={Number(requestTypeId)} />;
}
