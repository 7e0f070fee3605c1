import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/reasons/$reasonId/edit')({
  component: ReasonsEdit,
});

function ReasonsEdit() {
  const { reasonId } = Route.useParams();
  const Page = catalogs.reasons.Page;
  return <Page mode="edit" id={Number(reasonId)} />;
}
