import { createFileRoute } from '@tanstack/react-router';
import { userScreens } from '../../../features/users';

interface CreateSearch {
  /** A role to start with ("Invite the first manager" on a property's page). */
  roleId?: number;
}

export const Route = createFileRoute('/_app/users/create')({
  validateSearch: (search: Record<string, unknown>): CreateSearch => {
    const n = Number(search.roleId);
    return { roleId: Number.isInteger(n) && n > 0 ? n : undefined };
  },
  component: Create,
});

function Create() {
  const { roleId } = Route.useSearch();
  const { CreatePage } = userScreens;
  return <CreatePage initial={roleId ? { roleId } : undefined} />;
}
