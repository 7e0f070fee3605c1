import { unitNamesOf, unitsBulkBody, type OptionItem, type UnitsBulkBody } from '@parkade/contract';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { FieldGrid, NumberInput, TextInput } from '../../ui/fields';
import { applyServerErrors, useFormMessage } from '../../ui/form';
import { contractResolver } from '../../ui/contract-resolver';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { useList } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { FloorSelect, unitPick } from './index';

const PREVIEW = 30;

/** The names a bulk request would make, for the live preview (the server computes the same). */
export function previewNames(values: Partial<UnitsBulkBody>): { names: string[] } | { error: string } | null {
  const parsed = unitsBulkBody.safeParse({
    ...values,
    buildingIds: values.buildingIds?.length ? values.buildingIds : [1],
  });
  if (!parsed.success) return null;
  return unitNamesOf(parsed.data);
}

/**
 * /units/create-bulk, and /buildings/{id}/unit with the building fixed: units by a range (from, to, prefix,
 * suffix, zero padding) or a pattern ("101-110, 201-210, PH1"), previewed before they are made.
 */
export function BulkUnitsPage({ buildingId }: { buildingId?: number }) {
  const { t } = useTranslation();
  // Named by the form's own options read: whoever may make units in bulk may read it.
  const building = useList<OptionItem>(
    unitPick.buildings.path,
    { filter: { id: [String(buildingId ?? 0)] } },
    { enabled: !!buildingId },
  ).data?.data[0];
  const title = buildingId
    ? t('units.bulk.titleFor', { building: building?.label ?? '…' })
    : t('units.bulk.title');
  return (
    <>
      <PageHeader
        title={title}
        crumbs={
          buildingId
            ? [
                { label: t('buildings.title'), href: '/buildings' },
                { label: building?.label ?? '…', href: `/buildings/${buildingId}/show` },
              ]
            : [{ label: t('units.title'), href: '/units' }]
        }
      />
      <PropertyScoped>
        <BulkForm buildingId={buildingId} />
      </PropertyScoped>
    </>
  );
}

function BulkForm({ buildingId }: { buildingId?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const message = useFormMessage();
  const form = useForm<UnitsBulkBody>({
    resolver: contractResolver(unitsBulkBody),
    defaultValues: {
      buildingIds: buildingId ? [buildingId] : [],
      floorId: null,
      mode: 'range',
      from: 101,
      to: 110,
      prefix: '',
      suffix: '',
      pad: 0,
      pattern: '',
    },
  });
  const values = useWatch({ control: form.control }) as Partial<UnitsBulkBody>;
  const buildings = useList<OptionItem>(unitPick.buildings.path, { all: true }, { enabled: !buildingId });
  const [general, setGeneral] = useState<string | null>(null);
  const preview = useMemo(() => previewNames(values), [values]);
  const oneBuilding = (values.buildingIds?.length ?? 0) === 1 ? values.buildingIds![0] : null;

  const submit = form.handleSubmit(async (body) => {
    setGeneral(null);
    try {
      const res = await send<{ created: number }>('POST', '/units/create-bulk', body);
      toast.success(t('units.bulk.done', { count: res.created }));
      void client.invalidateQueries({ queryKey: ['/units'] });
      void client.invalidateQueries({ queryKey: ['/buildings'] });
      void navigate({ to: buildingId ? `/buildings/${buildingId}/show` : '/units' } as never);
    } catch (e) {
      setGeneral(
        applyServerErrors(
          e,
          ['buildingIds', 'floorId', 'from', 'to', 'pattern', 'prefix', 'suffix', 'pad'],
          (n, er, o) => form.setError(n as keyof UnitsBulkBody, er, o),
        ).general,
      );
    }
  });

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack spacing={3}>
            {!buildingId && (
              <Controller
                control={form.control}
                name="buildingIds"
                render={({ field, fieldState }) => {
                  const options = buildings.data?.data ?? [];
                  return (
                    <Autocomplete
                      multiple
                      options={options}
                      getOptionLabel={(o) => o.label}
                      value={options.filter((o) => field.value?.includes(o.id))}
                      onChange={(_e, v) => field.onChange(v.map((o) => o.id))}
                      renderValue={(selected, getItemProps) =>
                        selected.map((o, index) => {
                          const { key, ...rest } = getItemProps({ index });
                          return <Chip key={key} label={o.label} {...rest} />;
                        })
                      }
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          label={t('units.bulk.buildings')}
                          required
                          error={Boolean(fieldState.error)}
                          helperText={message(fieldState.error?.message) ?? t('units.bulk.buildingsHint')}
                        />
                      )}
                    />
                  );
                }}
              />
            )}
            <FieldGrid>
              <FloorSelect buildingId={oneBuilding} />
            </FieldGrid>
            <Controller
              control={form.control}
              name="mode"
              render={({ field }) => (
                <RadioGroup
                  row
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  aria-label={t('units.bulk.mode')}
                >
                  <FormControlLabel value="range" control={<Radio />} label={t('units.bulk.range')} />
                  <FormControlLabel value="pattern" control={<Radio />} label={t('units.bulk.pattern')} />
                </RadioGroup>
              )}
            />
            {values.mode === 'pattern' ? (
              <TextInput
                name="pattern"
                label={t('units.bulk.patternLabel')}
                required
                helperText={t('units.bulk.patternHint')}
                textFieldProps={{ multiline: true, minRows: 2 }}
              />
            ) : (
              <FieldGrid>
                <NumberInput name="from" label={t('units.bulk.from')} required min={0} />
                <NumberInput name="to" label={t('units.bulk.to')} required min={0} />
                <TextInput name="prefix" label={t('units.bulk.prefix')} />
                <TextInput name="suffix" label={t('units.bulk.suffix')} />
                <NumberInput
                  name="pad"
                  label={t('units.bulk.pad')}
                  helperText={t('units.bulk.padHint')}
                  min={0}
                  max={6}
                />
              </FieldGrid>
            )}
            <Box>
              <Typography variant="subtitle2" component="h2" gutterBottom>
                {t('units.bulk.preview')}
              </Typography>
              {preview && 'names' in preview ? (
                <>
                  <Typography variant="body2" color="text.secondary" gutterBottom>
                    {t('units.bulk.previewCount', {
                      count: preview.names.length * Math.max(1, values.buildingIds?.length ?? 1),
                      buildings: Math.max(1, values.buildingIds?.length ?? 1),
                    })}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="bulk-preview">
                    {preview.names.slice(0, PREVIEW).map((n) => (
                      <Chip key={n} label={n} size="small" />
                    ))}
                    {preview.names.length > PREVIEW && (
                      <Chip size="small" variant="outlined" label={`+${preview.names.length - PREVIEW}`} />
                    )}
                  </Box>
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {preview && 'error' in preview ? message(preview.error) : t('units.bulk.previewEmpty')}
                </Typography>
              )}
            </Box>
            {general && <Alert severity="error">{general}</Alert>}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => window.history.back()}>{t('form.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                {t('units.bulk.create')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
