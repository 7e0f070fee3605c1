import { optionsRead, residentRestoreBody, residentsResource, type ResidentItem } from '@parkade/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Pagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { useCan } from '../../ui/access';
import { DateInput, FieldGrid, RecordInput } from '../../ui/fields';
import { applyServerErrors } from '../../ui/form';
import { contractResolver } from '../../ui/contract-resolver';
import { formatDate, useUiLocale } from '../../ui/locale';
import { useList } from '../../ui/resource';
import { toast } from '../../ui/toast';

const PAGE_SIZE = 20;

/** The deleted residents, newest first, searchable and paged; restore one to a unit with a new lease end (vehicles and permits return). */
export function DeletedResidentsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(typed.trim());
      setPage(1);
    }, 350);
    return () => clearTimeout(timer);
  }, [typed]);
  const deleted = useList<ResidentItem>('/residents/deleted', {
    page,
    pageSize: PAGE_SIZE,
    include: ['units'],
    sort: ['-deletedAt'],
    ...(term ? { term } : {}),
  });
  const [restoring, setRestoring] = useState<ResidentItem | null>(null);
  const lastPage = deleted.data?.meta.lastPage ?? 1;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${titleId}-title`}>
      <DialogTitle id={`${titleId}-title`}>{t('residents.deleted.title')}</DialogTitle>
      <DialogContent>
        <TextField
          type="search"
          size="small"
          fullWidth
          label={t('list.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ mt: 1 }}
        />
        {deleted.isFetching && <LinearProgress sx={{ mt: 1 }} aria-label={t('form.loading')} />}
        {deleted.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {deleted.error.message}
          </Alert>
        )}
        {deleted.data && deleted.data.data.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {term ? t('list.noResults') : t('residents.deleted.none')}
          </Typography>
        )}
        <List>
          {(deleted.data?.data ?? []).map((r) => (
            <ListItem
              key={r.id}
              divider
              secondaryAction={
                can('residents.restore') ? (
                  <Button size="small" variant="outlined" onClick={() => setRestoring(r)}>
                    {t('residents.deleted.restore')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={r.fullName}
                secondary={[
                  r.email,
                  (r.units ?? []).map((u) => `${u.buildingName} ${u.name}`).join(', '),
                  t('residents.deleted.on', { date: formatDate(r.deletedAt, locale) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
        {lastPage > 1 && (
          <Pagination
            count={lastPage}
            page={page}
            onChange={(_e, p) => setPage(p)}
            size="small"
            sx={{ display: 'flex', justifyContent: 'center' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
      {restoring && <RestoreDialog resident={restoring} onClose={() => setRestoring(null)} />}
    </Dialog>
  );
}

function RestoreDialog({ resident, onClose }: { resident: ResidentItem; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const first = resident.units?.[0];
  const form = useForm({
    resolver: contractResolver(residentRestoreBody),
    defaultValues: { unitId: first?.id ?? (null as unknown as number), leaseExpirationAt: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await send<{ message: string }>('PUT', `/residents/${resident.id}/restore`, values);
      toast.success(res.message);
      void client.invalidateQueries({ queryKey: ['/residents'] });
      void client.invalidateQueries({ queryKey: ['/residents/deleted'] });
      // Their vehicles and permits come back with them.
      void client.invalidateQueries({ queryKey: ['/vehicles'] });
      void client.invalidateQueries({ queryKey: ['/permits'] });
      onClose();
    } catch (e) {
      const placed = applyServerErrors(e, ['unitId', 'leaseExpirationAt'], (n, er, o) =>
        form.setError(n as never, er, o),
      );
      setError(placed.general);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('residents.deleted.restoreTitle', { name: resident.fullName })}</DialogTitle>
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography color="text.secondary">{t('residents.deleted.restoreIntro')}</Typography>
              {error && <Alert severity="error">{error}</Alert>}
              <FieldGrid columns={1}>
                <RecordInput
                  name="unitId"
                  label={t('fields.unit')}
                  required
                  from={optionsRead(residentsResource, 'units')}
                  initial={first ? { id: first.id, label: `${first.buildingName} · ${first.name}` } : null}
                />
                <DateInput name="leaseExpirationAt" label={t('rules.fields.leaseExpirationAt')} required />
              </FieldGrid>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {t('residents.deleted.restore')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
