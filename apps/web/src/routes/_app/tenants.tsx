import { createFileRoute } from '@tanstack/react-router';
import { TenantsPage } from '../../features/tenants/TenantsPage';

export const Route = createFileRoute('/_app/tenants')({
  component: Tenants,
});

function Tenants() {
  return <TenantsPage />;
}
