import {
  modelsCatalog,
  modelsResource,
  optionsRead,
  type MakeItem,
  type ModelBody,
  type ModelItem,
} from '@parkade/contract';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../ui/DataTable';
import { FieldGrid, RecordInput, RecordPicker, TextInput } from '../../ui/fields';
import { useRecord } from '../../ui/resource';
import { CatalogNameFields } from './CatalogNameFields';
import { catalogScreens } from './catalog-screens';

/** Models: each belongs to a make (picked from the form's options read as the user types); the list filters by make. */
function ModelFields({ record }: { record?: ModelItem }) {
  const { t } = useTranslation();
  const make = record?.make ? { id: record.make.id, label: record.make.name } : null;
  return (
    <FieldGrid>
      <RecordInput
        name="makeId"
        label={t('fields.make')}
        from={optionsRead(modelsResource, 'makes')}
        initial={make}
        required
        showHref={(id) => `/catalog/makes/${id}/show`}
      />
      <TextInput name="name" label={t('fields.name')} required />
      <TextInput name="code" label={t('fields.code')} required />
      <CatalogNameFields />
    </FieldGrid>
  );
}

/** The list's make filter: the URL keeps the id (?makeId=3); the make's name is read for the box. */
function MakeFilter({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const makeId = list.search.makeId ? Number(list.search.makeId) : null;
  const make = useRecord<MakeItem>('/makes', makeId && Number.isInteger(makeId) ? makeId : null);
  const value = makeId
    ? { id: makeId, label: make.data?.displayName ?? (make.isPending ? '…' : `#${makeId}`) }
    : null;
  return (
    <Box sx={{ width: { xs: '100%', sm: 260 } }}>
      <RecordPicker
        resource="/makes"
        label={t('models.filterByMake')}
        size="small"
        value={value}
        onChange={(v) => list.update({ makeId: v ? String(v.id) : undefined })}
      />
    </Box>
  );
}

export const models = catalogScreens<ModelItem, ModelBody>({
  contract: modelsCatalog,
  Fields: ModelFields,
  emptyValues: { makeId: null as unknown as number },
  toValues: (m) => ({ makeId: m.makeId }),
  Filters: MakeFilter,
  secondaryCode: true,
  columns: (t) => [
    {
      field: 'make',
      headerName: t('fields.make'),
      sortable: false,
      minWidth: 130,
      valueGetter: (_v: unknown, row: ModelItem) => row.make?.name ?? '',
    },
  ],
});
