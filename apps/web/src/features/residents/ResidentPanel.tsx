import {
  RESIDENT_STATUSES,
  residentPasswordBody,
  type PermitItem,
  type ResidentItem,
  type ResidentStatus,
  type VehicleItem,
} from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  List,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { download, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { LinkButton, ListItemLink } from '../../ui/AppLink';
import { FieldGrid, TextInput } from '../../ui/fields';
import { applyServerErrors } from '../../ui/form';
import { contractResolver } from '../../ui/contract-resolver';
import { formatDate, useUiLocale } from '../../ui/locale';
import { useList, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { PermitStatusChip } from '../permits/PermitStatusChip';
import { ResidentVisitorsCard } from '../visitors/ResidentVisitorsCard';
import { ResidentCaregiversCard } from '../caregivers/ResidentCaregiversCard';

/** Under a resident's show page: what staff do for them, and their vehicles and permits. */
export function ResidentPanel({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const can = useCan();
  const client = useQueryClient();
  const resident = useRecord<ResidentItem>('/residents', item.id).data;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const act = async (fn: () => Promise<{ message?: string } | ResidentItem>, done?: string) => {
    try {
      const res = await fn();
      toast.success(done ?? (res as { message?: string }).message ?? '');
      void client.invalidateQueries({ queryKey: ['/residents'] });
    } catch (e) {
      toast.error((e as RequestError).message);
    }
  };
  const setStatus = (status: ResidentStatus) => {
    setMenu(null);
    void act(
      () => send<ResidentItem>('PUT', `/residents/${item.id}/status`, { status }),
      t('residents.statusChangedTo', { status: t(`residents.status.${status}`) }),
    );
  };
  if (!resident) return null;
  return (
    <Stack spacing={3}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('residents.actions')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {can('residents.status') && (
            <>
              <Button variant="outlined" onClick={(e) => setMenu(e.currentTarget)} aria-haspopup="menu">
                {t('residents.changeStatus')}
              </Button>
              <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
                {RESIDENT_STATUSES.map((s) => (
                  <MenuItem key={s} selected={s === resident.status} onClick={() => setStatus(s)}>
                    {t(`residents.status.${s}`)}
                  </MenuItem>
                ))}
              </Menu>
            </>
          )}
          {can('residents.password') && (
            <>
              <Button
                variant="outlined"
                onClick={() => void act(() => send('PUT', `/residents/${item.id}/resendPassword`))}
              >
                {t('residents.resendPassword')}
              </Button>
              <Button variant="outlined" onClick={() => setPasswordOpen(true)}>
                {t('residents.setPassword')}
              </Button>
            </>
          )}
          {can('residents.resend-agreement') && (
            <Button
              variant="outlined"
              onClick={() => void act(() => send('PUT', `/residents/${item.id}/resendAgreement`))}
            >
              {t('residents.resendAgreement')}
            </Button>
          )}
          <Button
            variant="outlined"
            onClick={() =>
              void download(
                `/residents/${item.id}/download/agreement`,
                `permit-agreement-${item.id}.pdf`,
              ).catch((e: Error) => toast.error(e.message))
            }
          >
            {t('residents.downloadAgreement')}
          </Button>
          <Button
            variant="outlined"
            onClick={() =>
              void download(
                `/residents/${item.id}/download/parkingPolicies`,
                `parking-policies-${item.id}.pdf`,
              ).catch((e: Error) => toast.error(e.message))
            }
          >
            {t('residents.downloadPolicies')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {resident.signedAt
            ? t('residents.signedOn', { date: formatDate(resident.signedAt, locale) })
            : t('residents.notSigned')}
        </Typography>
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <ResidentVehiclesCard residentId={item.id} />
        <ResidentPermitsCard residentId={item.id} />
      </Stack>
      {can('visitors.index') && <ResidentVisitorsCard residentId={item.id} />}
      {can('visitors.index') && <ResidentCaregiversCard residentId={item.id} />}
      {passwordOpen && <PasswordDialog residentId={item.id} onClose={() => setPasswordOpen(false)} />}
    </Stack>
  );
}

function ResidentVehiclesCard({ residentId }: { residentId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const vehicles = useList<VehicleItem>('/vehicles', {
    filter: { residentId: [String(residentId)] },
    all: true,
  });
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {t('shell.nav.vehicles')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <LinkButton href={`/residents/${residentId}/vehicles`} size="small">
            {t('residents.seeAll')}
          </LinkButton>
          {can('residents.vehicles.create') && (
            <LinkButton
              href={`/residents/${residentId}/vehicles-create`}
              size="small"
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('residents.addVehicle')}
            </LinkButton>
          )}
        </Stack>
      </Stack>
      <Divider />
      {vehicles.data && vehicles.data.data.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('residents.noVehicles')}
        </Typography>
      )}
      <List dense>
        {(vehicles.data?.data ?? []).map((v) => (
          <ListItemLink key={v.id} href={`/vehicles/${v.id}/show`}>
            <ListItemText
              primary={<span style={{ fontFamily: 'monospace' }}>{v.plate}</span>}
              secondary={[v.makeName, v.modelName, v.color, v.year].filter(Boolean).join(' · ')}
            />
          </ListItemLink>
        ))}
      </List>
    </Paper>
  );
}

function ResidentPermitsCard({ residentId }: { residentId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const locale = useUiLocale();
  const permits = useList<PermitItem>('/permits', {
    filter: { residentId: [String(residentId)] },
    all: true,
    include: ['vehicle'],
  });
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {t('shell.nav.permits')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <LinkButton href={`/residents/${residentId}/permits`} size="small">
            {t('residents.seeAll')}
          </LinkButton>
          {can('residents.permits.create') && (
            <LinkButton
              href={`/residents/${residentId}/permits-create`}
              size="small"
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('residents.addPermit')}
            </LinkButton>
          )}
        </Stack>
      </Stack>
      <Divider />
      {permits.data && permits.data.data.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('residents.noPermits')}
        </Typography>
      )}
      <List dense>
        {(permits.data?.data ?? []).map((p) => (
          <ListItemLink key={p.id} href={`/permits/${p.id}/show`}>
            <ListItemText
              primary={p.code}
              secondary={[
                p.vehicle?.plate,
                p.expiresOn ? t('permits.expiresOn', { date: formatDate(p.expiresOn, locale) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <PermitStatusChip status={p.shownStatus} />
          </ListItemLink>
        ))}
      </List>
    </Paper>
  );
}

function PasswordDialog({ residentId, onClose }: { residentId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: contractResolver(residentPasswordBody),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await send<{ message: string }>('PUT', `/residents/${residentId}/password`, values);
      toast.success(res.message);
      onClose();
    } catch (e) {
      const placed = applyServerErrors(e, ['password', 'passwordConfirmation'], (n, er, o) =>
        form.setError(n as never, er, o),
      );
      setError(placed.general);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('residents.setPassword')}</DialogTitle>
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogContent>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <FieldGrid columns={1}>
              <TextInput
                name="password"
                label={t('residents.password')}
                required
                textFieldProps={{ type: 'password', autoComplete: 'new-password' }}
              />
              <TextInput
                name="passwordConfirmation"
                label={t('residents.passwordConfirmation')}
                required
                textFieldProps={{ type: 'password', autoComplete: 'new-password' }}
              />
            </FieldGrid>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {t('form.save')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
