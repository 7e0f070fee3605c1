import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/makes/$makeId/edit')({
  component: MakesEdit,
});

function MakesEdit() {
  const { makeId } = Route.useParams();
  const Page = catalogs.makes.Page;
  return <Page mode="edit" id={Number(makeId)} />;
}
