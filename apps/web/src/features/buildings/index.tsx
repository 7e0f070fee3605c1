import {
  levelOrdinal,
  buildingBody,
  buildingsListQuery,
  floorBody,
  type BuildingBody,
  type BuildingItem,
  type FloorBody,
  type FloorItem,
} from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FieldGrid, NumberInput, TextInput } from '../../ui/fields';
import { useUiLocale } from '../../ui/locale';
import { applyServerErrors } from '../../ui/form';
import { contractResolver } from '../../ui/contract-resolver';
import { resourceScreens } from '../../ui/resource-screens';
import { useCreate, useDelete, useList } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { send } from '../../platform/api';
import { useQueryClient } from '@tanstack/react-query';

function BuildingFields() {
  const { t } = useTranslation();
  return (
    <FieldGrid>
      <TextInput name="name" label={t('fields.name')} required />
    </FieldGrid>
  );
}

/** Under a building's show page: its floors (add, rename, delete) and a way to its units. */
function BuildingPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const { language } = useUiLocale();
  const can = useCan();
  const floors = useList<FloorItem>('/floors', {
    filter: { buildingId: [String(item.id)] },
    all: true,
    sort: ['level', 'name'],
  });
  const [editing, setEditing] = useState<FloorItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FloorItem | null>(null);
  const remove = useDelete('/floors');
  const client = useQueryClient();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h6" component="h2">
          {t('buildings.floors')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <LinkButton href={`/units?filter[buildingId]=${item.id}`} variant="outlined">
            {t('buildings.seeUnits')}
          </LinkButton>
          {can('units.create') && (
            <LinkButton href={`/buildings/${item.id}/unit`} variant="outlined" startIcon={<AddIcon />}>
              {t('buildings.addUnits')}
            </LinkButton>
          )}
          {can('floors.create') && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('buildings.addFloor')}
            </Button>
          )}
        </Stack>
      </Stack>
      {floors.data?.data.length ? (
        <Table size="small" aria-label={t('buildings.floors')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.floor')}</TableCell>
              <TableCell>{t('fields.level')}</TableCell>
              <TableCell>{t('fields.units')}</TableCell>
              <TableCell align="right">{t('buildings.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {floors.data.data.map((f) => (
              <TableRow key={f.id}>
                <TableCell>{f.name}</TableCell>
                <TableCell>{f.level === null ? '—' : levelOrdinal(f.level, language)}</TableCell>
                <TableCell>{f.unitsCount}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {can('floors.edit') && (
                    <Tooltip title={t('buildings.renameFloor', { name: f.name })}>
                      <IconButton
                        aria-label={t('buildings.renameFloor', { name: f.name })}
                        onClick={() => setEditing(f)}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {can('floors.delete') && (
                    <Tooltip title={t('buildings.deleteFloor', { name: f.name })}>
                      <IconButton
                        aria-label={t('buildings.deleteFloor', { name: f.name })}
                        onClick={() => setDeleting(f)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography color="text.secondary">
          {floors.isPending ? t('form.loading') : t('buildings.noFloors')}
        </Typography>
      )}
      {editing && (
        <FloorDialog
          buildingId={item.id}
          floor={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void client.invalidateQueries({ queryKey: ['/buildings'] });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('resource.deleteTitle', { item: t('entities.floors') })}
        confirmLabel={t('resource.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (a) => {
              toast.success(a.message);
              setDeleting(null);
              void client.invalidateQueries({ queryKey: ['/buildings'] });
            },
            onError: (e) => {
              toast.error(e.message);
              setDeleting(null);
            },
          })
        }
      >
        {t('resource.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}

function FloorDialog({
  buildingId,
  floor,
  onClose,
  onSaved,
}: {
  buildingId: number;
  floor: FloorItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<FloorBody>({
    resolver: contractResolver(floorBody),
    defaultValues: { buildingId, name: floor?.name ?? '', level: floor?.level ?? null },
  });
  const create = useCreate<FloorItem, FloorBody>('/floors');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      if (floor) await send('PUT', `/floors/${floor.id}`, values);
      else await create.mutateAsync(values);
      toast.success(
        floor
          ? t('resource.updated', { item: t('entities.floors') })
          : t('resource.created', { item: t('entities.floors') }),
      );
      onSaved();
    } catch (e) {
      setError(
        applyServerErrors(e, ['name', 'level', 'buildingId'], (n, er, o) =>
          form.setError(n as keyof FloorBody, er, o),
        ).general,
      );
    } finally {
      setBusy(false);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>
          {floor ? t('buildings.renameFloor', { name: floor.name }) : t('buildings.addFloor')}
        </DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextInput
                name="name"
                label={t('fields.floor')}
                required
                helperText={t('buildings.floorHint')}
              />
              <NumberInput name="level" label={t('fields.level')} helperText={t('buildings.levelHint')} />
              {error && (
                <Typography color="error" role="alert">
                  {error}
                </Typography>
              )}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export const buildingScreens = resourceScreens<BuildingItem, BuildingBody>({
  resource: '/buildings',
  basePath: '/buildings',
  entity: 'buildings',
  titleKey: 'buildings.title',
  list: buildingsListQuery,
  permissions: { create: 'buildings.create', edit: 'buildings.edit', delete: 'buildings.delete' },
  schema: buildingBody,
  emptyValues: { name: '' },
  toValues: (b) => ({ name: b.name }),
  recordTitle: (b) => b.name,
  Fields: BuildingFields,
  ShowExtra: BuildingPanel,
  columns: (t) => [
    { field: 'name', headerName: t('fields.name'), link: true, minWidth: 160, flex: 1.5 },
    {
      field: 'floorsCount',
      headerName: t('fields.floors'),
      sortable: false,
      minWidth: 90,
      flex: 0.5,
      secondary: true,
    },
    { field: 'unitsCount', headerName: t('fields.units'), minWidth: 90, flex: 0.5 },
  ],
});
