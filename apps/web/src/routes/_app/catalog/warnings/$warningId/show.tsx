import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/warnings/$warningId/show')({
  component: WarningsShow,
});

function WarningsShow() {
  const { warningId } = Route.useParams();
  const Page = catalogs.warnings.Page;
  return <Page mode="show" id={Number(warningId)} />;
}
