import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/models/$modelId/edit')({
  component: ModelsEdit,
});

function ModelsEdit() {
  const { modelId } = Route.useParams();
  const Page = catalogs.models.Page;
  return <Page mode="edit" id={Number(modelId)} />;
}
