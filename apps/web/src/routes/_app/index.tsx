import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/HomePage';
import { useBootstrap } from '../../features/shell/useBootstrap';

export const Route = createFileRoute('/_app/')({
  component: () => <HomePage boot={useBootstrap()} />,
});
