import { Box, Checkbox, FormControlLabel, FormHelperText, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormMode } from '../../ui/fields';
import { permissionGroups, selectAllState, toggleAll } from './permission-groups';

const GROUPS = permissionGroups();
const ALL = GROUPS.flatMap((g) => g.permissions.map((p) => p.permission));

/**
 * The role form's permissions (a react-hook-form field holding a list of names): grouped by resource, each group
 * with its own "select all" and one for everything; every permission labelled in the user's language. Permissions
 * the user does not hold are disabled (the server refuses granting them). Read-only on the show page.
 */
export function PermissionPicker({
  name = 'permissions',
  held,
}: {
  name?: string;
  /** Whether the signed-in user holds a permission (what they may grant). */
  held: (permission: string) => boolean;
}) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { field, fieldState } = useController({ name });
  const value = useMemo(() => (field.value as string[] | undefined) ?? [], [field.value]);
  const chosen = useMemo(() => new Set(value), [value]);
  const readOnly = mode === 'show';
  const grantable = (p: string) => !readOnly && held(p);
  const set = (next: string[]) => field.onChange(next);

  const everything = selectAllState(chosen, ALL, grantable);
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {t('roles.permissions')} · {t('roles.permissionsCount', { count: value.length })}
        </Typography>
        {!readOnly && (
          <FormControlLabel
            label={t('roles.selectAll')}
            control={
              <Checkbox
                {...everything}
                onChange={(e) => set(toggleAll(value, ALL, grantable, e.target.checked))}
              />
            }
          />
        )}
      </Stack>
      {!readOnly && <FormHelperText sx={{ m: 0 }}>{t('roles.notHeld')}</FormHelperText>}
      {fieldState.error?.message && (
        <FormHelperText error sx={{ m: 0 }}>
          {t(fieldState.error.message)}
        </FormHelperText>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {GROUPS.map((group) => {
          const names = group.permissions.map((p) => p.permission);
          const label = t(group.labelKey);
          const state = selectAllState(chosen, names, grantable);
          return (
            <Paper key={group.resource} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
              <FormControlLabel
                sx={{ m: 0, width: '100%' }}
                label={<Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{label}</Typography>}
                control={
                  <Checkbox
                    {...state}
                    disabled={state.disabled}
                    slotProps={{ input: { 'aria-label': t('roles.selectGroup', { group: label }) } }}
                    onChange={(e) => set(toggleAll(value, names, grantable, e.target.checked))}
                  />
                }
              />
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  m: 0,
                  pl: { xs: 1, sm: 3 },
                  display: 'flex',
                  flexWrap: 'wrap',
                  columnGap: 2,
                }}
              >
                {group.permissions.map(({ permission, labelKey }) => (
                  <li key={permission}>
                    <FormControlLabel
                      sx={{ m: 0 }}
                      label={<span title={permission}>{t(labelKey)}</span>}
                      control={
                        <Checkbox
                          size="small"
                          checked={chosen.has(permission)}
                          disabled={!grantable(permission)}
                          slotProps={{
                            input: { 'aria-label': `${label}: ${t(labelKey)}` },
                          }}
                          onChange={(e) =>
                            set(
                              e.target.checked
                                ? toggleAll(value, [permission], () => true, true)
                                : value.filter((p) => p !== permission),
                            )
                          }
                        />
                      }
                    />
                  </li>
                ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Stack>
  );
}
