import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/states/$stateId/edit')({
  component: StatesEdit,
});

function StatesEdit() {
  const { stateId } = Route.useParams();
  const Page = catalogs.states.Page;
  return <Page mode="edit" id={Number(stateId)} />;
}
