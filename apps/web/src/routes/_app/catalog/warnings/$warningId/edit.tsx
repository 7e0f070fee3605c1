import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/warnings/$warningId/edit')({
  component: WarningsEdit,
});

function WarningsEdit() {
  const { warningId } = Route.useParams();
  const Page = catalogs.warnings.Page;
  return <Page mode="edit" id={Number(warningId)} />;
}
