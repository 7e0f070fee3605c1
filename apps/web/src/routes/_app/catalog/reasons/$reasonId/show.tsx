import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/reasons/$reasonId/show')({
  component: ReasonsShow,
});

function ReasonsShow() {
  const { reasonId } = Route.useParams();
  const Page = catalogs.reasons.Page;
  return <Page mode="show" id={Number(reasonId)} />;
}
