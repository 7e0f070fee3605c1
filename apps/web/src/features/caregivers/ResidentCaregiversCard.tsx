import { caregiverBody, type CaregiverBody, type CaregiverItem } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { contractResolver } from '../../ui/contract-resolver';
import { applyServerErrors } from '../../ui/form';
import { resourceKeys, useList } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { CaregiverFields, CaregiverState, CaregiverStatusChip, useDaysText } from './parts';

const FIELDS = ['name', 'phone', 'plate', 'color', 'vehicleType', 'days', 'residentId'];

/**
 * On a resident's page (shown with `visitors.index`): the resident's caregivers (decision 0024), each with its days,
 * its status and why its last renewal was refused; staff name one (active at once), approve a pending one, stop or
 * remove one. For residents without a smartphone this is the whole of it: staff do it at the desk.
 */
export function ResidentCaregiversCard({ residentId }: { residentId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const daysText = useDaysText();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CaregiverItem | null>(null);
  const [busy, setBusy] = useState(false);
  const caregivers = useList<CaregiverItem>('/caregivers', {
    filter: { residentId: [String(residentId)] },
    all: true,
  });
  const refresh = () => client.invalidateQueries({ queryKey: resourceKeys.all('/caregivers') });
  const act = async (c: CaregiverItem, action: 'approve' | 'stop') => {
    setBusy(true);
    try {
      await send('POST', `/caregivers/${c.id}/${action}`, {});
      toast.success(t(action === 'approve' ? 'caregivers.approved' : 'caregivers.stoppedDone'));
      await refresh();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await send('DELETE', `/caregivers/${removing.id}`);
      toast.success(t('caregivers.deleted'));
      setRemoving(null);
      await refresh();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const items = caregivers.data?.data ?? [];
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="resident-caregivers">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" id="resident-caregivers">
          {t('caregivers.title')}
        </Typography>
        {can('visitors.create') && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t('caregivers.add')}
          </Button>
        )}
      </Stack>
      <Divider />
      {caregivers.data && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('caregivers.empty')}
        </Typography>
      )}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mt: items.length ? 2 : 0 }}>
        {items.map((c) => (
          <li key={c.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {c.plate} · {c.name}
              </Typography>
              <CaregiverStatusChip status={c.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {[daysText(c.days), c.phone].filter(Boolean).join(' · ')}
            </Typography>
            <CaregiverState item={c} />
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {can('visitors.edit') &&
                c.actions.map((a) => (
                  <Button
                    key={a}
                    size="small"
                    variant={a === 'approve' ? 'contained' : 'outlined'}
                    disabled={busy}
                    onClick={() => void act(c, a)}
                    aria-label={`${t(`caregivers.action.${a}`)} ${c.plate} · ${c.name}`}
                  >
                    {t(`caregivers.action.${a}`)}
                  </Button>
                ))}
              {can('visitors.delete') && (
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={() => setRemoving(c)}
                  aria-label={`${t('caregivers.remove')} ${c.plate} · ${c.name}`}
                >
                  {t('caregivers.remove')}
                </Button>
              )}
            </Stack>
          </li>
        ))}
      </Stack>
      {adding && (
        <CaregiverDialog
          residentId={residentId}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('caregivers.deleteTitle')}
        confirmLabel={t('caregivers.remove')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        {t('caregivers.deleteText')}
      </ConfirmDialog>
    </Paper>
  );
}

function CaregiverDialog({
  residentId,
  onClose,
  onSaved,
}: {
  residentId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useForm<CaregiverBody>({
    resolver: contractResolver(caregiverBody),
    defaultValues: { residentId, name: '', phone: null, plate: '', color: null, vehicleType: null, days: [] },
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await send('POST', '/caregivers', values);
      toast.success(t('caregivers.saved'));
      onSaved();
    } catch (e) {
      setError(
        applyServerErrors(e, FIELDS, (n, er, o) => form.setError(n as keyof CaregiverBody, er, o)).general,
      );
    } finally {
      setBusy(false);
    }
  });
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{t('caregivers.add')}</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Alert severity="info">{t('caregivers.explain')}</Alert>
              <CaregiverFields />
              {error && (
                <Typography color="error" role="alert">
                  {error}
                </Typography>
              )}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
