import {
  LANGUAGES,
  RESET_PASSWORD_MIN,
  publicResidentRegisterBodyFor,
  type PublicResident,
  type PublicResidentRegisterBody,
} from '@parkade/contract';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { applyLanguage, isLanguage, languageCodesQueryOptions, nativeName } from '../../platform/language';
import { FieldGrid, PhoneInput, ReadOnlyField, SelectInput, TextInput } from '../../ui/fields';
import { contractResolver } from '../../ui/contract-resolver';
import { toast } from '../../ui/toast';
import { applySubmitError, useFieldProps } from '../auth/fields';
import { NewPasswordFields } from '../auth/PasswordField';
import { residentKey } from './register';

const FIELDS = ['fullName', 'phone', 'language', 'password', 'passwordConfirmation'] as const;

/** Step 1: the resident's details; a password (twice) only when they have none yet. */
export function DetailsStep({
  resident,
  token,
  onSaved,
}: {
  resident: PublicResident;
  token: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: offered } = useQuery(languageCodesQueryOptions());
  const askPassword = !resident.hasPassword;
  const schema = useMemo(
    () =>
      askPassword
        ? publicResidentRegisterBodyFor(resident.propertyCountry).superRefine((v, ctx) => {
            if (!v.password)
              ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' });
          })
        : publicResidentRegisterBodyFor(resident.propertyCountry),
    [askPassword, resident.propertyCountry],
  );
  const form = useForm({
    resolver: contractResolver(schema),
    defaultValues: {
      token,
      fullName: resident.fullName,
      phone: resident.phone ?? '',
      language: isLanguage(resident.language) ? resident.language : 'en',
      password: '',
      passwordConfirmation: '',
    } satisfies PublicResidentRegisterBody,
  });
  const field = useFieldProps(form);
  const [general, setGeneral] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    const body = askPassword ? values : { ...values, password: undefined, passwordConfirmation: undefined };
    try {
      const answer = await send<PublicResident>('POST', '/public/residents', body);
      queryClient.setQueryData(residentKey(token), answer);
      // The agreement now comes in the language chosen: the page follows it when the area offers it.
      const language = values.language;
      if (!offered || offered.includes(language)) void applyLanguage(language);
      toast.success(t('register.details.saved'));
      onSaved();
    } catch (err) {
      setGeneral(applySubmitError(err, FIELDS, (name, e, o) => form.setError(name, e, o)));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">
            {askPassword ? t('register.details.introPassword') : t('register.details.intro')}
          </Typography>
          {general && <Alert severity="error">{general}</Alert>}
          <FieldGrid columns={1}>
            <TextInput
              name="fullName"
              label={t('register.fullName')}
              required
              textFieldProps={{ autoComplete: 'name' }}
            />
            <TextField
              label={t('register.email')}
              value={resident.email ?? ''}
              autoComplete="username"
              helperText={t('register.emailHint')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <PhoneInput
              name="phone"
              label={t('register.phone')}
              helperText={t('residents.phoneHint')}
              country={resident.propertyCountry}
            />
            <SelectInput
              name="language"
              label={t('register.language')}
              required
              options={LANGUAGES.map((l) => ({ value: l, label: nativeName(l) }))}
            />
            {askPassword && (
              <NewPasswordFields
                field={field}
                labels={{
                  password: t('register.password'),
                  confirmation: t('register.passwordConfirmation'),
                  hint: t('register.passwordHint', { min: RESET_PASSWORD_MIN }),
                }}
              />
            )}
            {resident.units.length > 0 && (
              <ReadOnlyField label={t('register.units')}>{resident.units.join(', ')}</ReadOnlyField>
            )}
          </FieldGrid>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            {t('register.continue')}
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
}
