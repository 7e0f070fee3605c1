import { SMTP_PORT_VALUES, type Property } from '@parkade/contract';
import { Alert, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldGrid, FullRow, ReadOnlyField, SelectInput, TextInput, useFormMode } from '../../ui/fields';
import { Section } from './form-parts';
import type { Values } from './property-values';

/**
 * The property's own SMTP server (SPEC §2.5, §5): sender, user, password (never shown; kept when left empty,
 * cleared only when asked), host, port and the TLS opt-out. Without all four, mail uses the system defaults.
 */
export function EmailSection({ record }: { record?: Property }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { control } = useFormContext<Values>();
  const clear = useWatch({ control, name: 'mailPasswordClear' }) as boolean | undefined;
  return (
    <Section title={t('properties.sections.email')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('properties.emailHint')}
      </Typography>
      <FieldGrid>
        <TextInput name="mailFromAddress" label={t('fields.mailFromAddress')} />
        <TextInput name="mailUsername" label={t('fields.mailUsername')} />
        {mode === 'show' ? (
          <ReadOnlyField label={t('fields.mailPassword')}>
            {record?.mailPasswordSet ? t('properties.passwordStored') : ''}
          </ReadOnlyField>
        ) : (
          <Stack spacing={0.5}>
            <TextInput
              name="mailPassword"
              label={t('fields.mailPassword')}
              textFieldProps={{ type: 'password', autoComplete: 'new-password', disabled: !!clear }}
              helperText={record?.mailPasswordSet ? t('properties.passwordKeep') : undefined}
            />
            {record?.mailPasswordSet && (
              <Controller
                name="mailPasswordClear"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={Boolean(field.value)}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                    label={t('properties.passwordClear')}
                  />
                )}
              />
            )}
          </Stack>
        )}
        <TextInput name="mailHost" label={t('fields.mailHost')} />
        <SelectInput
          name="mailPort"
          label={t('fields.mailPort')}
          emptyLabel={t('properties.portNone')}
          options={SMTP_PORT_VALUES.map((p) => ({ value: p, label: t(`properties.port.${p}`) }))}
        />
        <FullRow>
          <MailTlsField />
        </FullRow>
      </FieldGrid>
    </Section>
  );
}

/**
 * The explicit opt-out from verified mail TLS. Mail is sent over verified TLS by default; turning this on is for a
 * relay with a self-signed certificate or without STARTTLS, and says plainly what it costs.
 */
function MailTlsField() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { control } = useFormContext<Values>();
  const insecure = useWatch({ control, name: 'mailTlsInsecure' }) as boolean | undefined;
  return (
    <Stack spacing={1}>
      {mode === 'show' ? (
        <ReadOnlyField label={t('fields.mailTlsInsecure')}>
          {insecure ? t('form.yes') : t('form.no')}
        </ReadOnlyField>
      ) : (
        <Controller
          name="mailTlsInsecure"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
              }
              label={t('fields.mailTlsInsecure')}
            />
          )}
        />
      )}
      {insecure ? (
        <Alert severity="warning">{t('properties.mailTlsInsecureWarning')}</Alert>
      ) : (
        mode !== 'show' && (
          <Typography variant="body2" color="text.secondary">
            {t('properties.mailTlsHint')}
          </Typography>
        )
      )}
    </Stack>
  );
}
