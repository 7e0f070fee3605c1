import { SPACE_STATUSES, spotBody, type MapSpot, type SpotBody, type SpotDetail } from '@parkade/contract';
import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { send } from '../../../platform/api';
import { FieldGrid, SelectInput, TextInput } from '../../../ui/fields';
import { useRecord } from '../../../ui/resource';
import { FormDialog, typeOptions } from './FormDialog';

/** Edit-spot dialog: the spot's own fields (PUT /spots/:id). */
export function EditSpotDialog({
  spot,
  onClose,
  onDone,
}: {
  spot: MapSpot;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const detail = useRecord<SpotDetail>('/spots', `${spot.id}/detail`);
  if (!detail.data)
    return (
      <Dialog open onClose={onClose}>
        <DialogContent>
          <CircularProgress aria-label={t('form.loading')} />
        </DialogContent>
      </Dialog>
    );
  return (
    <FormDialog<SpotBody>
      title={t('map.editSpot', { number: spot.number })}
      schema={spotBody}
      defaultValues={{
        number: spot.number,
        name: spot.name,
        type: spot.type,
        status: detail.data.spot.setStatus,
        spotGroup: spot.spotGroup,
        notes: detail.data.spot.notes,
      }}
      submitLabel={t('form.save')}
      fields={['number', 'name', 'type', 'status', 'spotGroup', 'notes']}
      onClose={onClose}
      onSubmit={async (v) => {
        await send('PUT', `/spots/${spot.id}`, v);
        onDone();
      }}
    >
      <FieldGrid>
        <TextInput name="number" label={t('fields.spotNumber')} required />
        <TextInput name="name" label={t('fields.spotName')} helperText={t('spots.nameHint')} />
        <SelectInput name="type" label={t('fields.spotType')} required options={typeOptions()} />
        <SelectInput
          name="status"
          label={t('fields.spaceStatus')}
          required
          options={SPACE_STATUSES.map((v) => ({ value: v, label: t(`spots.status.${v}`) }))}
        />
        <TextInput name="spotGroup" label={t('fields.spotGroup')} />
        <TextInput name="notes" label={t('fields.notes')} />
      </FieldGrid>
    </FormDialog>
  );
}
