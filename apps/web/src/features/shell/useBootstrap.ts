import { useQuery } from '@tanstack/react-query';
import { bootstrapQueryOptions, type Bootstrap } from '../../platform/session';

/**
 * The bootstrap inside the authenticated layout, where the layout route has already loaded it (so it is never
 * undefined there): the user, the property, the permissions and the allowed languages.
 */
export function useBootstrap(): Bootstrap {
  const { data } = useQuery(bootstrapQueryOptions());
  if (!data) throw new Error('The bootstrap is read before the authenticated layout loaded it');
  return data;
}
