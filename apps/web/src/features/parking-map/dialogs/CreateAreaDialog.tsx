import { mapAreaCreateBody, type MapAreaCreateBody, type ParkingMap } from '@parkade/contract';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../../platform/api';
import { FieldGrid, NumberInput, SelectInput, TextInput } from '../../../ui/fields';
import { FormDialog, SwitchField, typeOptions } from './FormDialog';

/** Create-area dialog (SPEC §2.5): an empty area, or a number of spots of one type from a starting number. */
export function CreateAreaDialog({
  onClose,
  onDone,
  at,
  nextNumber,
}: {
  onClose: () => void;
  onDone: (m: ParkingMap) => void;
  at: { x: number; y: number };
  nextNumber: number;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<MapAreaCreateBody>
      title={t('map.createArea')}
      schema={mapAreaCreateBody}
      defaultValues={{
        name: '',
        empty: false,
        spotsCount: 10,
        spotType: 'resident',
        startNumber: nextNumber,
        numberPrefix: '',
        x: at.x,
        y: at.y,
      }}
      submitLabel={t('map.create')}
      fields={['name', 'empty', 'spotsCount', 'spotType', 'startNumber', 'numberPrefix']}
      onClose={onClose}
      onSubmit={async (v) => onDone(await send<ParkingMap>('POST', '/parking-map/areas', v))}
    >
      <AreaFields />
    </FormDialog>
  );
}
function AreaFields() {
  const { t } = useTranslation();
  const empty = useWatch<MapAreaCreateBody, 'empty'>({ name: 'empty' });
  return (
    <FieldGrid>
      <TextInput name="name" label={t('map.areaName')} required />
      <SwitchField name="empty" label={t('map.emptyArea')} />
      {!empty && (
        <>
          <NumberInput name="spotsCount" label={t('map.spotsCount')} required min={1} max={500} />
          <SelectInput name="spotType" label={t('fields.spotType')} required options={typeOptions()} />
          <NumberInput name="startNumber" label={t('map.startNumber')} required min={0} />
          <TextInput
            name="numberPrefix"
            label={t('map.numberPrefix')}
            helperText={t('map.numberPrefixHint')}
          />
        </>
      )}
    </FieldGrid>
  );
}
