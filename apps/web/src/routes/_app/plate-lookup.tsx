import { createFileRoute } from '@tanstack/react-router';
import { PlateLookupPage } from '../../features/patrolling/PlateLookupPage';

export const Route = createFileRoute('/_app/plate-lookup')({
  component: PlateLookupPage,
});
