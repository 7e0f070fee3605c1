import {
  USER_STATUSES,
  phoneSchema,
  userBody,
  usersListQuery,
  type UserBody,
  type UserItem,
} from '@parkade/contract';
import { Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { resourceScreens } from '../../ui/resource-screens';
import { usePhoneCountry } from '../residents/ResidentFields';
import { roleName } from '../roles/role-words';
import { useAreaRoles } from './RoleInput';
import { UsersListActions, useUsersAuditEntity } from './scope';
import { UserFields, UserStatusChip } from './UserFields';
import { UserPanel } from './UserPanel';

function UserFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const roles = useAreaRoles();
  return (
    <>
      <OptionFilter
        label={t('users.screens.role')}
        options={(roles.data?.data ?? []).map((r) => ({ value: String(r.id), label: roleName(r.name, t) }))}
        value={list.search.roleId}
        onChange={(v) => list.update({ roleId: v, page: undefined })}
      />
      <OptionFilter
        label={t('users.screens.statusLabel')}
        options={USER_STATUSES.map((s) => ({ value: s, label: t(`users.screens.status.${s}`) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
        width={180}
      />
    </>
  );
}

/** The user body with national phone numbers read in the property's country (as the server reads them). */
function useUserSchema() {
  const country = usePhoneCountry();
  return useMemo(() => userBody.extend({ phone: phoneSchema(country) }), [country]);
}

/**
 * Staff users (issue 16): the list (search, role and status filters, export), the invitation form, the user's page
 * (account state, invitation, actions and sessions) and the edit page. Centrally they work on the selected
 * property's staff, or on the central staff with none selected (UsersListActions switches).
 */
export const userScreens = resourceScreens<UserItem, UserBody>({
  resource: '/users',
  basePath: '/users',
  scope: 'global',
  entity: 'users',
  useAuditEntity: useUsersAuditEntity,
  itemKey: 'users.screens.one',
  titleKey: 'shell.nav.users',
  createKey: 'users.screens.invite',
  createSubmitKey: 'users.screens.sendInvitation',
  list: usersListQuery,
  include: ['role'],
  permissions: { create: 'users.create', edit: 'users.edit', delete: 'users.delete' },
  schema: userBody,
  useSchema: useUserSchema,
  emptyValues: { username: '', fullName: '', email: '', phone: null, roleId: null as never, language: 'en' },
  toValues: (u) => ({
    username: u.username ?? '',
    fullName: u.fullName,
    email: u.email ?? '',
    phone: u.phone,
    roleId: u.roleId as number,
    language: u.language,
  }),
  recordTitle: (u) => u.fullName,
  // Only an invitation nobody accepted is withdrawn; an account that was used is deactivated instead.
  canDelete: (u) => u.status === 'invited' && !u.invitation?.acceptedAt,
  createdMessage: (u, t) => t('users.screens.invitationSent', { email: u.email ?? '' }),
  Fields: UserFields,
  Filters: UserFilters,
  ListActions: UsersListActions,
  ShowExtra: UserPanel,
  columns: (t, locale) => [
    { field: 'fullName', headerName: t('users.screens.fullName'), link: true, flex: 1.2, minWidth: 170 },
    {
      // Phones: the role and the status under the name's column.
      field: 'summary',
      headerName: t('users.screens.roleAndStatus'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: UserItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1, alignItems: 'flex-start' }}>
          <UserStatusChip status={row.status} />
          <Typography variant="body2" noWrap>
            {row.role ? roleName(row.role.name, t) : ''}
          </Typography>
        </Stack>
      ),
    },
    { field: 'username', headerName: t('users.screens.username'), flex: 0.7, minWidth: 110, secondary: true },
    { field: 'email', headerName: t('users.screens.email'), flex: 1.2, minWidth: 180, secondary: true },
    {
      field: 'roleId',
      headerName: t('users.screens.role'),
      sortable: false,
      flex: 0.8,
      minWidth: 120,
      secondary: true,
      valueGetter: (_v: unknown, u: UserItem) => (u.role ? roleName(u.role.name, t) : ''),
    },
    {
      field: 'status',
      headerName: t('users.screens.statusLabel'),
      sortable: false,
      minWidth: 110,
      secondary: true,
      renderCell: ({ row }: { row: UserItem }) => <UserStatusChip status={row.status} />,
    },
    {
      field: 'lastLoginAt',
      headerName: t('users.screens.lastLogin'),
      minWidth: 190,
      secondary: true,
      valueFormatter: (v: string | null) => (v ? formatDateTime(v, locale) : t('users.screens.never')),
    },
  ],
});
