import {
  myVehicleBody,
  myVehicleBodyFor,
  myVehiclesListQuery,
  VEHICLE_TYPES,
  type MyVehicleBody,
  type VehicleAllowance,
  type VehicleItem,
} from '@parkade/contract';
import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../platform/api';
import { LinkButton } from '../../ui/AppLink';
import { CardList } from '../../ui/CardList';
import { PageHeader } from '../../ui/PageHeader';
import type { ListState } from '../../ui/DataTable';
import { FieldGrid, FullRow, NumberInput, SelectInput, TextInput } from '../../ui/fields';
import { resourceScreens } from '../../ui/resource-screens';
import { useFormRules } from '../rules/RulesPage';
import { TemporaryPlatesInput } from '.';
import { VIN_INPUT } from './vin';

/**
 * /my/vehicles (SPEC §2.3): the resident's own vehicles. The API fixes the owner; the permit type, spot and sticker
 * are staff's and are not on this form. Make and model are catalog pages residents do not open: the colour, type
 * and year describe the car well enough for staff and patrol.
 */
function MyVehicleFields() {
  const { t } = useTranslation();
  const rules = useFormRules()?.vehicles;
  const shown = (f: string) => rules?.[f]?.visible !== false;
  const req = (f: string) => rules?.[f]?.required === true;
  return (
    <FieldGrid>
      <TextInput name="plate" label={t('rules.fields.plate')} required helperText={t('vehicles.plateHint')} />
      {shown('color') && <TextInput name="color" label={t('rules.fields.color')} required={req('color')} />}
      {shown('vehicleType') && (
        <SelectInput
          name="vehicleType"
          label={t('rules.fields.vehicleType')}
          required={req('vehicleType')}
          options={VEHICLE_TYPES.map((v) => ({ value: v, label: t(`vehicles.type.${v}`) }))}
        />
      )}
      {shown('year') && (
        <NumberInput name="year" label={t('rules.fields.year')} required={req('year')} min={1900} />
      )}
      {shown('vinLast4') && (
        <TextInput
          name="vinLast4"
          label={t('rules.fields.vinLast4')}
          required={req('vinLast4')}
          textFieldProps={VIN_INPUT}
          helperText={t('vehicles.vinHint')}
        />
      )}
      {shown('temporaryPlates') && <TemporaryPlatesInput label={t('rules.fields.temporaryPlates')} />}
      {shown('notes') && (
        <FullRow>
          <TextInput
            name="notes"
            label={t('rules.fields.notes')}
            required={req('notes')}
            textFieldProps={{ multiline: true, minRows: 2 }}
          />
        </FullRow>
      )}
    </FieldGrid>
  );
}

/** How many vehicles the resident may register and has; refreshed by every write of /my/vehicles. */
function useAllowance() {
  return useQuery({
    queryKey: ['/my/vehicles', 'allowance'],
    queryFn: () => get<VehicleAllowance>('/my/vehicles/allowance'),
  }).data;
}

/** Above the resident's vehicles: how many they may add, said before a form the server would refuse. */
function AllowanceLead() {
  const { t } = useTranslation();
  const allowance = useAllowance();
  if (!allowance) return null;
  const full = allowance.registered >= allowance.allowed;
  return full ? (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t('my.vehicles.full', { max: allowance.allowed })}
    </Alert>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {t('my.vehicles.allowance', { registered: allowance.registered, max: allowance.allowed })}
    </Typography>
  );
}

/** The create page says the allowance is used up instead of offering a form the server would refuse. */
function AllowanceGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const allowance = useAllowance();
  if (!allowance || allowance.registered < allowance.allowed) return children;
  return (
    <>
      <PageHeader title={t('my.vehicles.add')} />
      <Alert
        severity="info"
        action={
          <LinkButton href="/my/vehicles" color="inherit" size="small">
            {t('shell.nav.myVehicles')}
          </LinkButton>
        }
      >
        {t('my.vehicles.full', { max: allowance.allowed })}
      </Alert>
    </>
  );
}

function MyVehicleCards({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <CardList<VehicleItem>
      resource="/my/vehicles"
      list={list}
      label={t('shell.nav.myVehicles')}
      empty={t('my.vehicles.empty')}
      href={(v) => `/my/vehicles/${v.id}/show`}
    >
      {(v) => (
        <>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {v.plate}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[v.color, v.vehicleType && t(`vehicles.type.${v.vehicleType}`), v.year, v.makeName, v.modelName]
              .filter(Boolean)
              .join(' · ') || t('my.vehicles.noDetails')}
          </Typography>
        </>
      )}
    </CardList>
  );
}

export const myVehicleScreens = resourceScreens<VehicleItem, MyVehicleBody>({
  resource: '/my/vehicles',
  basePath: '/my/vehicles',
  entity: 'vehicles',
  titleKey: 'shell.nav.myVehicles',
  createKey: 'my.vehicles.add',
  list: myVehiclesListQuery,
  permissions: {},
  own: true,
  schema: myVehicleBody,
  useSchema: function useMyVehicleSchema() {
    return myVehicleBodyFor(useFormRules());
  },
  emptyValues: {
    plate: '',
    vinLast4: null,
    makeId: undefined,
    modelId: undefined,
    vehicleType: null,
    color: null,
    year: null,
    temporaryPlates: false,
    notes: null,
  },
  toValues: (v) => ({
    plate: v.plate,
    vinLast4: v.vinLast4,
    makeId: v.makeId,
    modelId: v.modelId,
    vehicleType: v.vehicleType,
    color: v.color,
    year: v.year,
    temporaryPlates: v.temporaryPlates,
    notes: v.notes,
  }),
  recordTitle: (v) => v.plate,
  Fields: MyVehicleFields,
  ListView: MyVehicleCards,
  ListLead: AllowanceLead,
  CreateGate: AllowanceGate,
  columns: () => [],
});
