import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/makes/$makeId/show')({
  component: MakesShow,
});

function MakesShow() {
  const { makeId } = Route.useParams();
  const Page = catalogs.makes.Page;
  return <Page mode="show" id={Number(makeId)} />;
}
