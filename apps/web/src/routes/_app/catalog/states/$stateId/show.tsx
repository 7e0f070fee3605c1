import { createFileRoute } from '@tanstack/react-router';
import { catalogs } from '../../../../../features/catalogs';

export const Route = createFileRoute('/_app/catalog/states/$stateId/show')({
  component: StatesShow,
});

function StatesShow() {
  const { stateId } = Route.useParams();
  const Page = catalogs.states.Page;
  return <Page mode="show" id={Number(stateId)} />;
}
