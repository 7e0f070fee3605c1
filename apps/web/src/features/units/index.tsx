import {
  optionsRead,
  unitBody,
  unitsListQuery,
  unitsResource,
  type OptionItem,
  type UnitBody,
  type UnitItem,
} from '@parkade/contract';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { FieldGrid, RecordInput, SelectInput, TextInput, useFormMode } from '../../ui/fields';
import { resourceScreens } from '../../ui/resource-screens';
import { useList } from '../../ui/resource';
import { ImportUnitsDialog } from './ImportUnitsDialog';

/** What the unit forms pick from: the units options, under the forms' own permissions (decision 0039 §3). */
export const unitPick = {
  buildings: optionsRead(unitsResource, 'buildings'),
  floors: optionsRead(unitsResource, 'floors'),
};

/**
 * The floors of one building, as options of a select (none until a building is chosen). On a show page, the
 * record's floor (`current`) names the value.
 */
export function FloorSelect({
  buildingId,
  name = 'floorId',
  current,
}: {
  buildingId: number | null | undefined;
  name?: string;
  current?: { id: number; name: string } | null;
}) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const floors = useList<OptionItem>(
    unitPick.floors.path,
    { filter: { buildingId: [String(buildingId ?? 0)] }, all: true },
    { enabled: !!buildingId && mode !== 'show' },
  ).data?.data;
  const options = floors ?? (current ? [{ id: current.id, label: current.name }] : []);
  return (
    <SelectInput
      name={name}
      label={t('fields.floor')}
      disabled={!buildingId}
      emptyLabel={t('units.noFloor')}
      helperText={buildingId ? undefined : t('units.chooseBuildingFirst')}
      options={options.map((f) => ({ value: f.id, label: f.label }))}
    />
  );
}

function UnitFields({ record }: { record?: UnitItem }) {
  const { t } = useTranslation();
  const { setValue } = useFormContext<UnitBody>();
  const buildingId = useWatch<UnitBody, 'buildingId'>({ name: 'buildingId' });
  const [previous, setPrevious] = useState(buildingId);
  if (previous !== buildingId) {
    setPrevious(buildingId);
    // A floor belongs to one building: changing the building clears it.
    if (previous !== undefined) setValue('floorId', null);
  }
  return (
    <FieldGrid>
      <RecordInput
        name="buildingId"
        label={t('fields.building')}
        from={unitPick.buildings}
        required
        initial={record?.building ? { id: record.building.id, label: record.building.name } : null}
        showHref={(id) => `/buildings/${id}/show`}
      />
      <FloorSelect buildingId={buildingId} current={record?.floor} />
      <TextInput name="name" label={t('fields.unit')} required helperText={t('units.nameHint')} />
    </FieldGrid>
  );
}

function UnitListActions() {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  return (
    <>
      {can('units.import') && (
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
          {t('units.import.open')}
        </Button>
      )}
      {can('units.create-bulk') && (
        <LinkButton href="/units/create-bulk" variant="outlined" startIcon={<PlaylistAddIcon />}>
          {t('units.bulk.open')}
        </LinkButton>
      )}
      {open && <ImportUnitsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

export const unitScreens = resourceScreens<UnitItem, UnitBody>({
  resource: '/units',
  basePath: '/units',
  entity: 'units',
  titleKey: 'units.title',
  list: unitsListQuery,
  include: ['building', 'floor'],
  permissions: { create: 'units.create', edit: 'units.edit', delete: 'units.delete' },
  schema: unitBody,
  emptyValues: { buildingId: undefined as unknown as number, floorId: null, name: '' },
  toValues: (u) => ({ buildingId: u.buildingId, floorId: u.floorId, name: u.name }),
  recordTitle: (u) => (u.building ? `${u.building.name} · ${u.name}` : u.name),
  Fields: UnitFields,
  ListActions: UnitListActions,
  columns: (t) => [
    { field: 'name', headerName: t('fields.unit'), link: true, minWidth: 100, flex: 0.8 },
    {
      field: 'buildingName',
      headerName: t('fields.building'),
      minWidth: 140,
      flex: 1.2,
      valueGetter: (_v: unknown, row: UnitItem) => row.building?.name ?? '',
    },
    {
      field: 'floor',
      headerName: t('fields.floor'),
      sortable: false,
      minWidth: 100,
      flex: 0.8,
      secondary: true,
      valueGetter: (_v: unknown, row: UnitItem) => row.floor?.name ?? '—',
    },
  ],
});
