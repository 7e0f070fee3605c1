import { createFileRoute } from '@tanstack/react-router';
import { PatrollingPage } from '../../features/patrolling/PatrollingPage';
import { useBootstrap } from '../../features/shell/useBootstrap';

export const Route = createFileRoute('/_app/patrolling')({
  component: () => <PatrollingPage boot={useBootstrap()} />,
});
