import {
  builtInRoleDescriptionKey,
  ROLE_AREAS,
  roleBody,
  rolesListQuery,
  type RoleBody,
  type RoleItem,
} from '@parkade/contract';
import { Alert, Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePropertyStore } from '../../platform/stores';
import { useArea, useCan } from '../../ui/access';
import type { ListState } from '../../ui/DataTable';
import { FieldGrid, FullRow, ReadOnlyField, TextInput, useFormMode } from '../../ui/fields';
import { resourceScreens } from '../../ui/resource-screens';
import { PermissionPicker } from './PermissionPicker';
import { roleDescription, roleName } from './role-words';

function RoleFields({ record }: { record?: RoleItem }) {
  const { t } = useTranslation();
  const can = useCan();
  const mode = useFormMode();
  const builtIn = record?.builtIn ?? false;
  // A built-in role keeps its seeded description until someone writes one: the field is left empty and shows the
  // description in the reader's language (issue 36 §9); the form never saves the translation as the description.
  const seededDescription = record && builtInRoleDescriptionKey(record) ? roleDescription(record, t) : null;
  return (
    <FieldGrid>
      {builtIn && (
        <FullRow>
          <Alert severity="info">{t('roles.builtInHint')}</Alert>
        </FullRow>
      )}
      {builtIn && record ? (
        // The form keeps the code (`manager`), which the server requires unchanged; people read the role's name.
        mode === 'show' ? (
          <ReadOnlyField label={t('fields.name')}>{roleName(record.name, t)}</ReadOnlyField>
        ) : (
          <TextField label={t('fields.name')} value={roleName(record.name, t)} required disabled />
        )
      ) : (
        <TextInput name="name" label={t('fields.name')} required />
      )}
      {mode === 'show' && record ? (
        <ReadOnlyField label={t('roles.description')}>{roleDescription(record, t)}</ReadOnlyField>
      ) : (
        <TextInput
          name="description"
          label={t('roles.description')}
          textFieldProps={
            seededDescription
              ? { placeholder: seededDescription, slotProps: { inputLabel: { shrink: true } } }
              : undefined
          }
        />
      )}
      <FullRow>
        <PermissionPicker held={(p) => can(p as Parameters<typeof can>[0])} />
      </FullRow>
    </FieldGrid>
  );
}

function AreaFilter({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const current = typeof list.search.area === 'string' ? list.search.area : '';
  return (
    <TextField
      select
      size="small"
      label={t('roles.area')}
      value={current}
      onChange={(e) => list.update({ area: e.target.value || undefined, page: undefined })}
      sx={{ width: { xs: '100%', sm: 220 } }}
    >
      <MenuItem value="">{t('roles.anyArea')}</MenuItem>
      {ROLE_AREAS.map((a) => (
        <MenuItem key={a} value={a}>
          {t(`roles.areas.${a}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Centrally, which roles the screen shows: the selected property's own (with the built-in ones), or the central
 * area's when no property is selected (decision 0020); a button goes back to the central roles.
 */
function RolesScope() {
  const { t } = useTranslation();
  const area = useArea();
  const propertyId = usePropertyStore((s) => s.propertyId);
  const propertyName = usePropertyStore((s) => s.propertyName);
  const select = usePropertyStore((s) => s.select);
  const queryClient = useQueryClient();
  if (area !== 'central' || !propertyId) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Chip label={t('roles.ofProperty', { property: propertyName ?? `#${propertyId}` })} />
      <Button
        size="small"
        onClick={() => {
          select({ propertyId: null });
          queryClient.removeQueries();
        }}
      >
        {t('roles.showCentral')}
      </Button>
    </Stack>
  );
}

export const roleScreens = resourceScreens<RoleItem, RoleBody>({
  resource: '/roles',
  basePath: '/roles',
  // Centrally the API client sends the selected property, if any: its roles, else the central ones.
  scope: 'global',
  entity: 'roles',
  titleKey: 'roles.title',
  list: rolesListQuery,
  permissions: { create: 'roles.create', edit: 'roles.edit', delete: 'roles.delete' },
  schema: roleBody,
  emptyValues: { name: '', description: '', permissions: [] },
  toValues: (r) => ({
    name: r.name,
    // A built-in role's seeded description is shown translated, not edited as English text (RoleFields).
    description: builtInRoleDescriptionKey(r) ? '' : (r.description ?? ''),
    permissions: r.permissions,
  }),
  recordTitle: (r, t) => roleName(r.name, t),
  canDelete: (r) => !r.builtIn,
  Fields: RoleFields,
  Filters: AreaFilter,
  ListActions: RolesScope,
  columns: (t) => [
    {
      field: 'name',
      headerName: t('fields.name'),
      link: true,
      minWidth: 140,
      flex: 1,
      valueFormatter: (v: string) => roleName(v, t),
    },
    {
      field: 'area',
      headerName: t('roles.area'),
      sortable: false,
      minWidth: 120,
      flex: 0.7,
      secondary: true,
      valueFormatter: (v: string) => t(`roles.areas.${v}`),
    },
    {
      field: 'permissions',
      headerName: t('roles.permissions'),
      sortable: false,
      minWidth: 100,
      flex: 0.5,
      valueFormatter: (v: string[]) => String(v.length),
    },
    {
      field: 'usersCount',
      headerName: t('roles.usersCount'),
      sortable: false,
      minWidth: 80,
      flex: 0.4,
      secondary: true,
    },
  ],
});
