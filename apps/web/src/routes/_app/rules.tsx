import { createFileRoute } from '@tanstack/react-router';
import { RulesPage } from '../../features/rules/RulesPage';

export const Route = createFileRoute('/_app/rules')({
  component: Rules,
});

function Rules() {
  return <RulesPage />;
}
