import type { Area } from '@parkade/contract';
import { hostContext } from '../../platform/host';
import { usePropertyStore } from '../../platform/stores';
import { nameFromCode } from './identity';

/**
 * Where this page runs: the area, the tenant code and the property's name. The name comes from the server's page
 * meta when it writes one, else from this host's last bootstrap, else from the code itself.
 */
export function useArea(): { area: Area; tenant: string | null; propertyName: string | null } {
  const host = hostContext();
  const stored = usePropertyStore((s) => s.tenantName);
  if (host.area === 'central') return { area: 'central', tenant: null, propertyName: null };
  return {
    area: 'tenant',
    tenant: host.tenant,
    propertyName: host.name ?? stored ?? (host.tenant ? nameFromCode(host.tenant) : null),
  };
}
