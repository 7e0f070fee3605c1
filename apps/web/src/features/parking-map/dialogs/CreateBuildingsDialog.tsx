import { mapBuildingsCreateBody, type MapBuildingsCreateBody, type ParkingMap } from '@parkade/contract';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../../platform/api';
import { FieldGrid, NumberInput, TextInput } from '../../../ui/fields';
import { FormDialog, SwitchField } from './FormDialog';

/** Create-building dialog (SPEC §2.5): how many buildings, units per building, generate units or not. */
export function CreateBuildingsDialog({
  onClose,
  onDone,
  at,
}: {
  onClose: () => void;
  onDone: (m: ParkingMap) => void;
  at: { x: number; y: number };
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<MapBuildingsCreateBody>
      title={t('map.createBuildings')}
      schema={mapBuildingsCreateBody}
      defaultValues={{
        count: 1,
        namePrefix: t('map.buildingPrefix'),
        generateUnits: true,
        unitsPerBuilding: 12,
        x: at.x,
        y: at.y,
      }}
      submitLabel={t('map.create')}
      fields={['count', 'namePrefix', 'generateUnits', 'unitsPerBuilding']}
      onClose={onClose}
      onSubmit={async (v) => onDone(await send<ParkingMap>('POST', '/parking-map/buildings', v))}
    >
      <BuildingsFields />
    </FormDialog>
  );
}
function BuildingsFields() {
  const { t } = useTranslation();
  const generate = useWatch<MapBuildingsCreateBody, 'generateUnits'>({ name: 'generateUnits' });
  return (
    <FieldGrid>
      <NumberInput name="count" label={t('map.buildingsCount')} required min={1} max={50} />
      <TextInput
        name="namePrefix"
        label={t('map.namePrefix')}
        required
        helperText={t('map.namePrefixHint')}
      />
      <SwitchField name="generateUnits" label={t('map.generateUnits')} />
      {generate !== false && (
        <NumberInput
          name="unitsPerBuilding"
          label={t('map.unitsPerBuilding')}
          required
          min={1}
          max={500}
          helperText={t('map.unitsPerBuildingHint')}
        />
      )}
    </FieldGrid>
  );
}
