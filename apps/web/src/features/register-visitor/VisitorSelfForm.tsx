import {
  VEHICLE_TYPES,
  publicVisitorPosterBodyFor,
  publicVisitorUpdateBodyFor,
  type PublicVisitor,
  type PublicVisitorResult,
} from '@parkade/contract';
import { Alert, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { FieldGrid, PhoneInput, SelectInput, TextInput } from '../../ui/fields';
import { contractResolver } from '../../ui/contract-resolver';
import { applySubmitError } from '../auth/fields';

const FIELDS = [
  'name',
  'phone',
  'email',
  'plate',
  'color',
  'vehicleType',
  'temporaryPlates',
  'unit',
  'residentName',
] as const;

/**
 * The visitor's own form, large and short for a phone: who they visit (poster only: the unit and the resident's
 * last name), then their name, plate and how to reach them. `visitor` prefills it (a personal link a resident or
 * staff started, or a pending request being corrected through its receipt).
 */
export function VisitorSelfForm({
  token,
  country,
  visitor,
  onDone,
  onCancel,
}: {
  token: string;
  country: string | null;
  visitor: PublicVisitor | null;
  onDone: (result: PublicVisitorResult) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const poster = visitor === null;
  const schema = useMemo(
    () => (poster ? publicVisitorPosterBodyFor(country) : publicVisitorUpdateBodyFor(country)),
    [poster, country],
  );
  const form = useForm({
    resolver: contractResolver(schema as never) as never,
    defaultValues: {
      token,
      name: visitor?.name ?? '',
      phone: visitor?.phone ?? '',
      email: visitor?.email ?? '',
      plate: visitor?.plate ?? '',
      color: visitor?.color ?? '',
      vehicleType: visitor?.vehicleType ?? null,
      temporaryPlates: visitor?.temporaryPlates ?? false,
      ...(poster ? { unit: '', residentName: '' } : {}),
    },
  });
  const [general, setGeneral] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    try {
      const result = poster
        ? await send<PublicVisitorResult>('POST', '/public/visitors', values)
        : await send<PublicVisitorResult>('PUT', `/public/visitors/${visitor.id}`, values);
      onDone(result);
    } catch (err) {
      setGeneral(applySubmitError(err, FIELDS, (name, e, o) => form.setError(name as never, e, o)));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack spacing={2.5}>
          {general && <Alert severity="error">{general}</Alert>}
          {poster ? (
            <section aria-labelledby="visiting-title">
              <Typography id="visiting-title" component="h2" variant="h6" sx={{ mb: 1 }}>
                {t('registerVisitor.visiting')}
              </Typography>
              <FieldGrid columns={1}>
                <TextInput
                  name="unit"
                  label={t('registerVisitor.unit')}
                  required
                  helperText={t('registerVisitor.unitHint')}
                />
                <TextInput
                  name="residentName"
                  label={t('registerVisitor.residentName')}
                  required
                  helperText={t('registerVisitor.residentNameHint')}
                />
              </FieldGrid>
            </section>
          ) : (
            visitor.visiting.unit && (
              <Typography color="text.secondary">
                {t('registerVisitor.visitingUnit', { unit: visitor.visiting.unit })}
              </Typography>
            )
          )}
          <section aria-labelledby="you-title">
            <Typography id="you-title" component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('registerVisitor.you')}
            </Typography>
            <FieldGrid columns={1}>
              <TextInput
                name="name"
                label={t('registerVisitor.name')}
                required
                textFieldProps={{ autoComplete: 'name' }}
              />
              <TextInput
                name="plate"
                label={t('registerVisitor.plate')}
                required
                helperText={t('registerVisitor.plateHint')}
                textFieldProps={{
                  autoComplete: 'off',
                  slotProps: { htmlInput: { autoCapitalize: 'characters' } },
                }}
              />
              <Controller
                name="temporaryPlates"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={Boolean(field.value)}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                    label={t('registerVisitor.temporaryPlates')}
                  />
                )}
              />
              <SelectInput
                name="vehicleType"
                label={t('registerVisitor.vehicleType')}
                emptyLabel={t('registerVisitor.notSaid')}
                options={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`vehicles.type.${v}`) }))}
              />
              <TextInput name="color" label={t('registerVisitor.color')} />
              <PhoneInput name="phone" label={t('registerVisitor.phone')} country={country} />
              <TextInput
                name="email"
                label={t('registerVisitor.email')}
                helperText={t('registerVisitor.emailHint')}
                textFieldProps={{ type: 'email', autoComplete: 'email' }}
              />
            </FieldGrid>
          </section>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            {poster
              ? t('registerVisitor.submit')
              : visitor.shownStatus === 'none'
                ? t('registerVisitor.submit')
                : t('registerVisitor.saveChanges')}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} fullWidth>
              {t('form.cancel')}
            </Button>
          )}
        </Stack>
      </form>
    </FormProvider>
  );
}
