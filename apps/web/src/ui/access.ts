import { hasPermission, type Area, type Permission } from '@parkade/contract';
import { useCallback } from 'react';
import { hostContext } from '../platform/host';
import { useAuthStore } from '../platform/stores';

/** `can('zones.edit')`: whether the signed-in user holds a permission (SPEC §6). */
export function useCan() {
  const held = useAuthStore((s) => s.permissions);
  return useCallback((p: Permission) => hasPermission(held, p), [held]);
}

/** The area this page runs in: central (bare domain, admin.) or a property's tenant area. */
export function useArea(): Area {
  return hostContext().area;
}
