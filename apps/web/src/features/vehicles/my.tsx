import {
  myVehicleBody,
  myVehicleBodyFor,
  myVehiclesListQuery,
  VEHICLE_TYPES,
  type MyVehicleBody,
  type VehicleItem,
} from '@parkade/contract';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../ui/CardList';
import type { ListState } from '../../ui/DataTable';
import { FieldGrid, FullRow, NumberInput, SelectInput, TextInput } from '../../ui/fields';
import { resourceScreens } from '../../ui/resource-screens';
import { useFormRules } from '../rules/RulesPage';
import { TemporaryPlatesInput } from '.';

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
  columns: () => [],
});
