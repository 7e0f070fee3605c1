import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/models/$modelId/show')({
  component: ModelsShow,
});

function ModelsShow() {
  const { modelId } = Route.useParams();
  const Page = catalogs.models.Page;
  return <Page mode="show" id={Number(modelId)} />;
}
