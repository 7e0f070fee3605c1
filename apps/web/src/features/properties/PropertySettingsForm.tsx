import {
  POSTER_APPROVALS,
  VISITOR_VALIDITY_UNITS,
  propertySettingsSchema,
  type PropertySettings,
} from '@parkade/contract';
import {
  Alert,
  Box,
  Button,
  Divider,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import { useCan } from '../../ui/access';
import {
  FieldGrid,
  FormModeProvider,
  NumberInput,
  ReadOnlyField,
  SelectInput,
  TextInput,
} from '../../ui/fields';
import { applyServerErrors } from '../../ui/form';
import { contractResolver } from '../../ui/contract-resolver';
import { toast } from '../../ui/toast';

/** The settings of SPEC §2.5 by section: [section, key, kind]. The labels are `settings.<section>.<key>`. */
const SECTIONS: [
  keyof PropertySettings,
  [string, 'number' | 'days' | 'rate' | 'switch' | 'unit' | 'text' | 'posterApproval'][],
][] = [
  [
    'general',
    [
      ['residentSelfRegistration', 'switch'],
      ['agreementRequired', 'switch'],
      ['notifyStaffOnRegistration', 'switch'],
    ],
  ],
  [
    'residentPermits',
    [
      ['vehiclesAllowed', 'number'],
      ['changesAllowed', 'number'],
      ['validityMonths', 'number'],
      ['expiryReminderDays', 'days'],
      ['approvalRequired', 'switch'],
    ],
  ],
  [
    'reservedSpaces',
    [
      ['reservationsAllowed', 'number'],
      ['reservedPermitChanges', 'number'],
      ['maxReservationDays', 'number'],
      ['approvalRequired', 'switch'],
    ],
  ],
  [
    'visitorPermits',
    [
      ['validityAmount', 'number'],
      ['validityUnit', 'unit'],
      ['visitorLimit', 'number'],
      ['visitorLimitWindowDays', 'number'],
      ['visitorVehiclesAllowed', 'number'],
      ['tempVisitorVehicles', 'number'],
      ['maxNightsInRow', 'number'],
      ['expiryReminderDays', 'days'],
      ['approvalRequired', 'switch'],
      ['posterApproval', 'posterApproval'],
    ],
  ],
  [
    'other',
    [
      ['checkInRadiusMeters', 'number'],
      ['towGraceHours', 'number'],
      ['contactPhone', 'text'],
      ['bulkMailPerMinute', 'rate'],
    ],
  ],
];

/** The settings chosen from a list: their values and the prefix of their labels. */
const CHOICES = {
  unit: { values: VISITOR_VALIDITY_UNITS, labels: 'settings.units' },
  posterApproval: { values: POSTER_APPROVALS, labels: 'settings.posterApproval' },
} as const;

/**
 * Property settings (SPEC §2.5): general, resident permits, reserved spaces, visitor permits and other, each with
 * its default. `path` is `/settings` (the current or selected property) or `/properties/7/settings` (central).
 */
export function PropertySettingsForm({
  path,
  editPermission,
}: {
  path: string;
  editPermission: 'settings.edit' | 'properties.edit';
}) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [path, 'record', 'settings'],
    queryFn: () => get<PropertySettings>(path),
  });
  const [editing, setEditing] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<PropertySettings>({
    resolver: contractResolver(propertySettingsSchema as never) as never,
  });
  useEffect(() => {
    if (query.data) form.reset(query.data);
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (body: PropertySettings) => send<PropertySettings>('PUT', path, body),
    onSuccess: (data) => {
      client.setQueryData([path, 'record', 'settings'], data);
      form.reset(data);
      setEditing(false);
      toast.success(t('settings.saved'));
    },
    onError: (e) => {
      const names = SECTIONS.flatMap(([s, keys]) => keys.map(([k]) => `${s}.${k}`));
      setGeneral(applyServerErrors(e, names, (n, er, o) => form.setError(n as never, er, o)).general);
    },
  });
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  if (!query.data) return <Typography color="text.secondary">{t('form.loading')}</Typography>;
  const mayEdit = can(editPermission);
  const mode = editing ? 'edit' : 'show';
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="settings-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h6" component="h2" id="settings-title">
          {t('settings.title')}
        </Typography>
        {mayEdit && !editing && (
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {t('settings.edit')}
          </Button>
        )}
      </Stack>
      <FormProvider {...form}>
        <FormModeProvider value={mode}>
          <Box component="form" noValidate onSubmit={(e) => void form.handleSubmit((v) => save.mutate(v))(e)}>
            <Stack spacing={3} divider={<Divider />}>
              {SECTIONS.map(([section, keys]) => (
                <Box key={section}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
                    {t(`settings.${section}.title`)}
                  </Typography>
                  <FieldGrid>
                    {keys.map(([key, kind]) => {
                      const name = `${section}.${key}`;
                      const label = t(`settings.${section}.${key}`);
                      if (kind === 'number')
                        return <NumberInput key={name} name={name} label={label} min={0} />;
                      // A reminder's days before a permit ends (0–60; 0: never), explained under the field.
                      if (kind === 'days')
                        return (
                          <NumberInput
                            key={name}
                            name={name}
                            label={label}
                            min={0}
                            max={60}
                            helperText={t(`settings.${section}.${key}Help`)}
                          />
                        );
                      // The bulk mail rate (decision 0043): within what mail providers allow, explained under it.
                      if (kind === 'rate')
                        return (
                          <NumberInput
                            key={name}
                            name={name}
                            label={label}
                            min={10}
                            max={12_000}
                            helperText={t(`settings.${section}.${key}Help`)}
                          />
                        );
                      if (kind === 'text') return <TextInput key={name} name={name} label={label} />;
                      if (kind in CHOICES) {
                        const choice = CHOICES[kind as keyof typeof CHOICES];
                        return (
                          <SelectInput
                            key={name}
                            name={name}
                            label={label}
                            required
                            options={choice.values.map((u) => ({
                              value: u,
                              label: t(`${choice.labels}.${u}`),
                            }))}
                          />
                        );
                      }
                      return (
                        <Controller
                          key={name}
                          name={name as never}
                          render={({ field }) =>
                            !editing ? (
                              <ReadOnlyField label={label}>
                                {field.value ? t('form.yes') : t('form.no')}
                              </ReadOnlyField>
                            ) : (
                              <FormControlLabel
                                disabled={!editing}
                                control={
                                  <Switch
                                    checked={Boolean(field.value)}
                                    onChange={(e) => field.onChange(e.target.checked)}
                                  />
                                }
                                label={label}
                              />
                            )
                          }
                        />
                      );
                    })}
                  </FieldGrid>
                </Box>
              ))}
            </Stack>
            {general && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {general}
              </Alert>
            )}
            {editing && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap', gap: 1 }}
              >
                <Button onClick={() => form.reset(propertySettingsSchema.parse({}))}>
                  {t('settings.defaults')}
                </Button>
                <Button
                  onClick={() => {
                    form.reset(query.data);
                    setEditing(false);
                  }}
                >
                  {t('form.cancel')}
                </Button>
                <Button type="submit" variant="contained" loading={save.isPending}>
                  {t('form.save')}
                </Button>
              </Stack>
            )}
          </Box>
        </FormModeProvider>
      </FormProvider>
    </Paper>
  );
}
