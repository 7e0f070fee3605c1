import { createFileRoute } from '@tanstack/react-router';
import { permitScreens } from '../../../../features/permits';

interface EditSearch {
  action?: 'change-vehicle';
}

/** Edit takes an optional action (SPEC §2.2): `change-vehicle` changes the permit's vehicle only. */
export const Route = createFileRoute('/_app/permits/$permitId/edit')({
  validateSearch: (search: Record<string, unknown>): EditSearch =>
    search.action === 'change-vehicle' ? { action: 'change-vehicle' } : {},
  component: PermitEdit,
});

function PermitEdit() {
  const { permitId } = Route.useParams();
  const { Page } = permitScreens;
  return <Page mode="edit" id={Number(permitId)} />;
}
