import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { useBootstrap } from '../../features/shell/useBootstrap';

export const Route = createFileRoute('/_app/dashboard')({
  component: () => <DashboardPage boot={useBootstrap()} />,
});
