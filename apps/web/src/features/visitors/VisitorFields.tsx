import {
  optionsRead,
  VEHICLE_TYPES,
  visitorsResource,
  type OptionItem,
  type VisitorItem,
  type VisitorValidity,
} from '@parkade/contract';
import { Alert, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import { usePropertyStore } from '../../platform/stores';
import { formatDuration, useUiLocale } from '../../ui/locale';
import {
  DateTimeInput,
  FieldGrid,
  FormModeProvider,
  FullRow,
  PhoneInput,
  ReadOnlyField,
  RecordInput,
  SelectInput,
  TextInput,
  useDependentField,
  useFormMode,
} from '../../ui/fields';
import { useList } from '../../ui/resource';
import { useBootstrap } from '../shell/useBootstrap';
import { useFormRules } from '../rules/RulesPage';
import { TemporaryPlatesInput } from '../vehicles';
import { useValidity } from './VisitorPanel';
import { VisitorStatusChip } from './VisitorStatusChip';

/**
 * How long a new permit lasts, said in the page's language ("24 hours", "24 horas", "24小时"), from the property's
 * setting (GET /visitors/validity), and whether it waits for approval (its time then starts at the approval:
 * decision 0039 §8); null until it is known.
 */
function useValidityLength(enabled: boolean, path: string): { length: string; approval: boolean } | null {
  const { intlLocale } = useUiLocale();
  const { data } = useQuery({
    queryKey: [path, usePropertyStore((s) => s.propertyId)],
    queryFn: () => get<VisitorValidity>(path),
    enabled,
    staleTime: 60_000,
  });
  if (!data) return null;
  return { length: formatDuration(data.amount, data.unit, intlLocale), approval: data.approval };
}

function Locked({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <FormModeProvider value="show">{children}</FormModeProvider> : <>{children}</>;
}

/** The show page leads with the permit: its status, code and validity. */
function StatusRow({ visitor }: { visitor: VisitorItem }) {
  const { t } = useTranslation();
  const validity = useValidity(visitor);
  return (
    <FullRow>
      <ReadOnlyField label={t('visitors.fields.status')}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }} component="div">
          <VisitorStatusChip status={visitor.shownStatus} />
          {visitor.permitCode && <span>{visitor.permitCode}</span>}
          <span>{validity ?? t('visitors.noPermit')}</span>
        </Stack>
      </ReadOnlyField>
    </FullRow>
  );
}

/** What the form's pickers read: the visitors options, under the form's own permission (decision 0039 §3). */
const pick = {
  residents: optionsRead(visitorsResource, 'residents'),
  units: optionsRead(visitorsResource, 'units'),
  states: optionsRead(visitorsResource, 'states'),
  makes: optionsRead(visitorsResource, 'makes'),
  models: optionsRead(visitorsResource, 'models'),
};

/** The unit visited: one of the chosen resident's units. */
function UnitInput({ residentId, record }: { residentId: number | null; record?: VisitorItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const listed = useList<OptionItem>(
    pick.units.path,
    { all: true, filter: { residentId: [String(residentId ?? 0)] } },
    { enabled: !!residentId && mode !== 'show' },
  ).data?.data;
  const units =
    listed ?? (record?.unit ? [{ id: record.unit.id, label: record.unit.name, detail: null }] : []);
  return (
    <SelectInput
      name="unitId"
      label={t('visitors.fields.unit')}
      helperText={residentId ? undefined : t('visitors.screens.chooseResidentFirst')}
      emptyLabel={t('visitors.screens.noUnit')}
      options={units.map((u) => ({ value: u.id, label: u.label }))}
    />
  );
}

/**
 * The visitor form (SPEC §3): who, their vehicle, the resident and unit visited, when the permit starts. It obeys
 * the property's form rules (`visitors`). After a refused limit, staff may give a reason to go beyond it.
 * `mine`: the resident's own form (/my/visitors): the resident visited is the caller and the unit theirs, the
 * catalogs (state, make, model) are staff's pages, a limit has no override, and the permit panel leads the page.
 */
export function VisitorFields({ record, mine = false }: { record?: VisitorItem; mine?: boolean }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const rules = useFormRules()?.visitors;
  // On the visitor's page an empty field is left out (a phone screen of dashes helps no one).
  const values = useWatch() as Record<string, unknown>;
  const empty = (f: string) =>
    mode === 'show' && (values[f] === null || values[f] === '' || values[f] === undefined);
  const shown = (f: string) => rules?.[f]?.visible !== false && !empty(f);
  const req = (f: string) => rules?.[f]?.required === true;
  const bootstrap = useBootstrap();
  const validity = useValidityLength(mode !== 'show', mine ? '/my/visitors/validity' : '/visitors/validity');
  const selectedCountry = usePropertyStore((s) => s.propertyCountry);
  const country = bootstrap.property?.country ?? selectedCountry;
  const makeId = useDependentField<number | null>('makeId', 'modelId');
  const residentId = useDependentField<number | null>('residentId', 'unitId');
  const { errors } = useFormState({ name: 'residentId' });
  const overrideReason = useWatch({ name: 'overrideReason' }) as string | null;
  // A refused limit comes back on residentId: staff may then issue the permit anyway, with a reason.
  const refused = errors.residentId?.type === 'server';
  const showOverride = !mine && mode !== 'show' && (refused || Boolean(overrideReason));
  return (
    <FieldGrid>
      {mode === 'show' && record && !mine && <StatusRow visitor={record} />}
      <TextInput name="name" label={t('visitors.fields.name')} required />
      {shown('phone') && (
        <PhoneInput
          name="phone"
          label={t('visitors.fields.phone')}
          required={req('phone')}
          country={country}
        />
      )}
      {shown('email') && (
        <TextInput name="email" label={t('visitors.fields.email')} required={req('email')} />
      )}
      {shown('plate') && (
        <TextInput
          name="plate"
          label={t('visitors.fields.plate')}
          required={req('plate')}
          helperText={mode === 'show' ? undefined : t('visitors.screens.plateHint')}
        />
      )}
      {!mine && !empty('stateId') && (
        <RecordInput
          name="stateId"
          label={t('visitors.fields.state')}
          from={pick.states}
          initial={record?.state ? { id: record.state.id, label: record.state.name } : null}
        />
      )}
      {!mine && shown('makeId') && (
        <RecordInput
          name="makeId"
          label={t('visitors.fields.make')}
          required={req('makeId')}
          from={pick.makes}
          initial={record?.make ? { id: record.make.id, label: record.make.name } : null}
        />
      )}
      {!mine && shown('modelId') && (
        <RecordInput
          key={`model-${makeId ?? 0}`}
          name="modelId"
          label={t('visitors.fields.model')}
          required={req('modelId')}
          from={pick.models}
          filter={makeId ? { makeId: [String(makeId)] } : undefined}
          helperText={mode !== 'show' && !makeId ? t('visitors.screens.chooseMakeFirst') : undefined}
          initial={record?.model ? { id: record.model.id, label: record.model.name } : null}
        />
      )}
      {shown('color') && (
        <TextInput name="color" label={t('visitors.fields.color')} required={req('color')} />
      )}
      {shown('vehicleType') && (
        <SelectInput
          name="vehicleType"
          label={t('visitors.fields.vehicleType')}
          required={req('vehicleType')}
          options={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`vehicles.type.${v}`) }))}
        />
      )}
      {!(mode === 'show' && !values.temporaryPlates) && (
        <TemporaryPlatesInput label={t('rules.fields.temporaryPlates')} />
      )}
      {!mine && (
        <Locked when={mode === 'edit'}>
          <RecordInput
            name="residentId"
            label={t('visitors.fields.resident')}
            required
            from={pick.residents}
            initial={record?.resident ? { id: record.resident.id, label: record.resident.fullName } : null}
            showHref={(id) => `/residents/${id}/show`}
          />
        </Locked>
      )}
      {mine
        ? mode === 'show' &&
          record?.unit && <ReadOnlyField label={t('visitors.fields.unit')}>{record.unit.name}</ReadOnlyField>
        : !empty('unitId') && (
            <UnitInput key={`unit-${residentId ?? 0}`} residentId={residentId} record={record} />
          )}
      {mode !== 'show' && (
        <DateTimeInput
          name="validFrom"
          label={t('visitors.fields.validFrom')}
          helperText={
            validity
              ? t(
                  validity.approval
                    ? 'visitors.screens.validFromHintApproval'
                    : 'visitors.screens.validFromHintLength',
                  { length: validity.length },
                )
              : t('visitors.screens.validFromHint')
          }
        />
      )}
      {showOverride && (
        <FullRow>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('visitors.screens.overrideIntro')}
          </Alert>
          <TextInput
            name="overrideReason"
            label={t('visitors.screens.overrideReason')}
            textFieldProps={{ multiline: true, minRows: 2 }}
          />
        </FullRow>
      )}
    </FieldGrid>
  );
}
