import type { RoleItem } from '@parkade/contract';
import { ListItemText, MenuItem, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../platform/stores';
import { useCan } from '../../ui/access';
import { AppLink } from '../../ui/AppLink';
import { ReadOnlyField, useFormMode } from '../../ui/fields';
import { useFormMessage } from '../../ui/form';
import { useList } from '../../ui/resource';
import { roleName } from '../roles/role-words';

/** The roles a user may be given here: the ones GET /roles lists for this area (or the selected property). */
export function useAreaRoles() {
  return useList<RoleItem>('/roles', { all: true, sort: ['name'] });
}

/** Whether the signed-in user may give a role: they must hold every permission of it (the server refuses otherwise). */
export function grantable(role: Pick<RoleItem, 'permissions'>, held: readonly string[]): boolean {
  const mine = new Set(held);
  return role.permissions.every((p) => mine.has(p));
}

/**
 * The user's role: one of the area's roles, each with how many permissions it gives; a role holding permissions
 * the signed-in user lacks is shown disabled (it cannot be given). On the show page, the role's name, linked to the
 * role when the user may open it.
 */
export function RoleInput({
  name = 'roleId',
  label,
  current,
}: {
  name?: string;
  label: string;
  /** The record's role (show and edit pages), named even before the roles load. */
  current?: { id: number; name: string } | null;
}) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const can = useCan();
  const held = useAuthStore((s) => s.permissions);
  const render = useFormMessage();
  const { field, fieldState } = useController({ name });
  const roles = useAreaRoles();
  const options = roles.data?.data ?? [];
  const value = field.value as number | null | undefined;

  if (mode === 'show') {
    const role = options.find((r) => r.id === value) ?? current;
    return (
      <ReadOnlyField label={label}>
        {role &&
          (can('roles.show') ? (
            <AppLink href={`/roles/${role.id}/show`} underline="hover">
              {roleName(role.name, t)}
            </AppLink>
          ) : (
            roleName(role.name, t)
          ))}
      </ReadOnlyField>
    );
  }
  const message = render(fieldState.error?.message);
  // The current value shows even while the roles load (or when it is not listed any more).
  const known = value != null && options.some((r) => r.id === value);
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      value={value ?? ''}
      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
      onBlur={field.onBlur}
      label={label}
      required
      error={Boolean(message)}
      helperText={message ?? t('users.screens.roleHint')}
      slotProps={{
        select: {
          renderValue: (v) => {
            const role = options.find((r) => r.id === v) ?? (current?.id === v ? current : undefined);
            return role ? roleName(role.name, t) : '';
          },
        },
      }}
    >
      {!known && value != null && current?.id === value && (
        <MenuItem value={value} sx={{ display: 'none' }}>
          {roleName(current.name, t)}
        </MenuItem>
      )}
      {options.map((r) => {
        const mayGive = grantable(r, held);
        return (
          <MenuItem key={r.id} value={r.id} disabled={!mayGive}>
            <ListItemText
              primary={roleName(r.name, t)}
              secondary={
                mayGive
                  ? t('roles.permissionsCount', { count: r.permissions.length })
                  : `${t('roles.permissionsCount', { count: r.permissions.length })} · ${t('users.screens.roleNotGrantable')}`
              }
            />
          </MenuItem>
        );
      })}
    </TextField>
  );
}
