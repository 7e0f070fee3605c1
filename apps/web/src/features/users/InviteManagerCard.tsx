import type { ListResponse, Property, RoleItem, UserItem } from '@parkade/contract';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, list } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { usePropertyStore } from '../../platform/stores';
import { useCan } from '../../ui/access';
import { useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';

/** The built-in role a property's first user gets (docs/roles-and-permissions.md). */
export const MANAGER_ROLE = 'manager';

/** How many staff users a property has (its users list, asked for that property whichever one is selected). */
function useStaffCount(propertyId: number, enabled: boolean) {
  return useQuery<number, RequestError>({
    queryKey: ['/users', 'count', propertyId],
    queryFn: async () => {
      const res = await (
        await api()
      ).get<ListResponse<UserItem>>('/users?pageSize=1', { headers: { 'X-Property': String(propertyId) } });
      return res.data.meta.total;
    },
    enabled,
  });
}

/**
 * On a property's page (central): its staff. A property nobody can sign in to yet offers "Invite the first
 * manager" under the page's title — the property becomes the selected one and the invitation form opens with the
 * built-in manager role chosen; one with staff says how many and offers "Invite a user", below the details.
 * "See its staff" opens its users. Shown to holders of users.create or users.index.
 */
export function InviteManagerCard({ id, placement }: { id: number; placement: 'lead' | 'below' }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const select = usePropertyStore((s) => s.select);
  const property = useRecord<Property>('/properties', id).data;
  const [busy, setBusy] = useState(false);
  const staff = useStaffCount(id, can('users.index'));
  if (!property || !(can('users.create') || can('users.index'))) return null;
  // Without users.index the property is taken as not staffed yet; while counting, nothing shows.
  if (staff.isPending && staff.fetchStatus !== 'idle') return null;
  const count = staff.data ?? 0;
  // Not staffed yet: under the title, before the details; staffed: with the other panels below them.
  if ((count === 0) !== (placement === 'lead')) return null;

  /** Works on this property from now on (as a property picker does): nothing of another one stays cached. */
  const selectProperty = () => {
    if (usePropertyStore.getState().propertyId !== property.id) {
      select({
        propertyId: property.id,
        propertyName: property.name,
        propertyCountry: property.country,
        propertyTimeZone: property.timezone,
      });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== '/properties' });
    }
  };
  const invite = async (asManager: boolean) => {
    setBusy(true);
    try {
      selectProperty();
      let roleId: number | undefined;
      if (asManager) {
        const roles = await list<RoleItem>('/roles', { term: MANAGER_ROLE, all: true });
        roleId = roles.data.find((r) => r.builtIn && r.name === MANAGER_ROLE)?.id;
      }
      await navigate({ to: '/users/create', search: { roleId } });
    } catch (e) {
      toast.error((e as RequestError).message);
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: placement === 'lead' ? 3 : 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('users.screens.propertyStaff')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {count > 0
          ? t('users.screens.propertyStaffCount', { count })
          : t('users.screens.propertyStaffText', { property: property.name })}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {can('users.create') && (
          <Button
            variant={count > 0 ? 'outlined' : 'contained'}
            startIcon={<PersonAddIcon />}
            loading={busy}
            onClick={() => void invite(count === 0)}
          >
            {count > 0 ? t('users.screens.invite') : t('users.screens.inviteFirstManager')}
          </Button>
        )}
        {can('users.index') && (
          <Button
            variant="outlined"
            startIcon={<GroupIcon />}
            onClick={() => {
              selectProperty();
              void navigate({ to: '/users' });
            }}
          >
            {t('users.screens.seeStaff')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
