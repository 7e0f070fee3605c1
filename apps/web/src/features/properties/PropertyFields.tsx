import { optionsRead, PROPERTY_TYPES, propertiesResource, type Property } from '@parkade/contract';
import { Checkbox, FormControlLabel, Link } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { propertiesDomain, propertyAddress } from '../../platform/host';
import {
  FieldGrid,
  FullRow,
  NumberInput,
  ReadOnlyField,
  RecordInput,
  SelectInput,
  TextInput,
  useFormMode,
} from '../../ui/fields';
import { EmailSection } from './EmailSection';
import { LanguagesField, Section, TimezoneField } from './form-parts';
import type { Values } from './property-values';

/** The property form, in sections: details, location, domains, email (SMTP). */
export function PropertyFields({ record }: { record?: Property }) {
  return (
    <>
      <DetailsSection record={record} />
      <LocationSection />
      <DomainsSection />
      <EmailSection record={record} />
    </>
  );
}

/** Name, code (its subdomain shown as it is typed; fixed once created), type, zone, languages, active. */
function DetailsSection({ record }: { record?: Property }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const { control } = useFormContext<Values>();
  const code = useWatch({ control, name: 'code' }) as string | undefined;
  const host = typeof window !== 'undefined' ? propertiesDomain() : '';
  return (
    <Section title={t('properties.sections.details')}>
      <FieldGrid>
        <TextInput name="name" label={t('fields.name')} required />
        {mode === 'create' ? (
          <TextInput
            name="code"
            label={t('fields.code')}
            required
            helperText={
              code
                ? t('properties.codeHost', { host: `${code.toLowerCase()}.${host}` })
                : t('properties.codeHint')
            }
          />
        ) : (
          <ReadOnlyField label={t('fields.code')}>{record?.code ?? ''}</ReadOnlyField>
        )}
        {mode !== 'create' && record && <TenantAddress code={record.code} />}
        <SelectInput
          name="type"
          label={t('fields.propertyType')}
          required
          options={PROPERTY_TYPES.map((v) => ({ value: v, label: t(`properties.type.${v}`) }))}
        />
        <RecordInput
          name="zoneId"
          label={t('fields.zone')}
          from={optionsRead(propertiesResource, 'zones')}
          initial={record?.zone ? { id: record.zone.id, label: record.zone.name } : null}
        />
        <LanguagesField />
        <Controller
          name="active"
          render={({ field }) =>
            mode === 'show' ? (
              <ReadOnlyField label={t('fields.active')}>
                {field.value ? t('form.yes') : t('form.no')}
              </ReadOnlyField>
            ) : (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(e) => field.onChange(e.target.checked)}
                  />
                }
                label={t('fields.active')}
              />
            )
          }
        />
      </FieldGrid>
    </Section>
  );
}

/** The property's own address (its subdomain), a link to its sign-in page in a new tab. */
function TenantAddress({ code }: { code: string }) {
  const { t } = useTranslation();
  const { host: address, href } = propertyAddress(code);
  return (
    <ReadOnlyField label={t('properties.webAddress')}>
      <Link
        href={href}
        target="_blank"
        rel="noopener"
        underline="hover"
        aria-label={t('properties.addressOpens', { host: address })}
      >
        {address}
      </Link>
    </ReadOnlyField>
  );
}

/** Address, time zone and coordinates. */
function LocationSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('properties.sections.location')}>
      <FieldGrid>
        <FullRow>
          <TextInput name="address" label={t('fields.address')} />
        </FullRow>
        <TextInput name="city" label={t('fields.city')} />
        <TextInput name="state" label={t('fields.state')} />
        <TextInput name="county" label={t('fields.county')} />
        <TextInput name="zipcode" label={t('fields.zipcode')} />
        <TextInput name="country" label={t('fields.country')} />
        <TimezoneField />
        <NumberInput
          name="latitude"
          label={t('fields.latitude')}
          step="any"
          helperText={t('properties.coordinatesHint')}
        />
        <NumberInput name="longitude" label={t('fields.longitude')} step="any" />
      </FieldGrid>
    </Section>
  );
}

/** The extra host names that reach this property: its access domain and its visitor registration domain. */
function DomainsSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('properties.sections.domains')}>
      <FieldGrid>
        <TextInput
          name="accessDomain"
          label={t('fields.accessDomain')}
          helperText={t('properties.accessDomainHint')}
        />
        <TextInput
          name="visitorDomain"
          label={t('fields.visitorDomain')}
          helperText={t('properties.visitorDomainHint')}
        />
      </FieldGrid>
    </Section>
  );
}
