import { VEHICLE_TYPES, type PublicVisitor, type PublicVisitorResult } from '@parkade/contract';
import { Alert, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { lazyContractResolver, preloadOnUse } from '../../ui/lazy-resolver';
import { AuthTextField } from '../auth/AuthTextField';
import { applySubmitError, useFieldProps } from '../auth/fields';

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
 *
 * It is the first screen a visitor sees, often on a weak signal in a car park (decision 0039 §18): it is built from
 * the sign-in screens' light fields (no TextField, select menu or phone formatter), and its schema, zod and the
 * phone rules load when the visitor first types (lazyContractResolver), not with the page.
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
  const resolver = useMemo(
    () =>
      lazyContractResolver(() =>
        import('./schemas').then((m) =>
          poster ? m.publicVisitorPosterBodyFor(country) : m.publicVisitorUpdateBodyFor(country),
        ),
      ),
    [poster, country],
  );
  const form = useForm({
    resolver: resolver as never,
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

  const field = useFieldProps(form as never);

  return (
    // method="post": on the page the server drew (decision 0050), a browser without JavaScript that sends the form
    // itself never puts the visitor's details in the address.
    <form method="post" onSubmit={(e) => void submit(e)} noValidate {...preloadOnUse(resolver)}>
      <Stack spacing={2.5}>
        {general && <Alert severity="error">{general}</Alert>}
        {poster ? (
          <section aria-labelledby="visiting-title">
            <Typography id="visiting-title" component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('registerVisitor.visiting')}
            </Typography>
            <Stack spacing={2}>
              <AuthTextField
                label={t('registerVisitor.unit')}
                required
                {...field('unit', t('registerVisitor.unitHint'))}
              />
              <AuthTextField
                label={t('registerVisitor.residentName')}
                required
                {...field('residentName', t('registerVisitor.residentNameHint'))}
              />
            </Stack>
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
          <Stack spacing={2}>
            <AuthTextField
              label={t('registerVisitor.name')}
              required
              autoComplete="name"
              {...field('name')}
            />
            <AuthTextField
              label={t('registerVisitor.plate')}
              required
              autoComplete="off"
              inputProps={{ autoCapitalize: 'characters' }}
              {...field('plate', t('registerVisitor.plateHint'))}
            />
            <Controller
              name="temporaryPlates"
              control={form.control}
              render={({ field: checkbox }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(checkbox.value)}
                      onChange={(e) => checkbox.onChange(e.target.checked)}
                    />
                  }
                  label={t('registerVisitor.temporaryPlates')}
                />
              )}
            />
            <Controller
              name="vehicleType"
              control={form.control}
              render={({ field: select }) => (
                // A native select: the phone's own picker, and no menu, popover or modal to load.
                <AuthTextField
                  label={t('registerVisitor.vehicleType')}
                  inputComponent={'select' as never}
                  shrink
                  value={select.value ?? ''}
                  onChange={(e) => select.onChange(e.target.value === '' ? null : e.target.value)}
                  onBlur={select.onBlur}
                  inputRef={select.ref}
                  inputProps={{
                    children: [
                      <option key="" value="">
                        {t('registerVisitor.notSaid')}
                      </option>,
                      ...VEHICLE_TYPES.map((v) => (
                        <option key={v} value={v}>
                          {t(`vehicles.type.${v}`)}
                        </option>
                      )),
                    ],
                  }}
                />
              )}
            />
            <AuthTextField label={t('registerVisitor.color')} {...field('color')} />
            <AuthTextField
              label={t('registerVisitor.phone')}
              type="tel"
              autoComplete="tel"
              {...field('phone')}
            />
            <AuthTextField
              label={t('registerVisitor.email')}
              type="email"
              autoComplete="email"
              {...field('email', t('registerVisitor.emailHint'))}
            />
          </Stack>
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
  );
}
