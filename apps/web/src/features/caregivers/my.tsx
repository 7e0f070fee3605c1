import {
  caregiversListQuery,
  myCaregiverBody,
  type CaregiverItem,
  type MyCaregiverBody,
} from '@parkade/contract';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../ui/CardList';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ListState } from '../../ui/DataTable';
import { useDelete, useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { resourceScreens } from '../../ui/resource-screens';
import { CaregiverFields, CaregiverState, CaregiverStatusChip, useDaysText } from './parts';

/**
 * /my/caregivers (decision 0024): the resident's recurring visitors. A caregiver's pass renews by itself on its days,
 * within the property's visitor limits; the list says for each why no pass was issued, when it was refused.
 */
function MyCaregiverCards({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const daysText = useDaysText();
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t('caregivers.explain')}</Alert>
      <CardList<CaregiverItem>
        resource="/my/caregivers"
        list={list}
        label={t('shell.nav.myCaregivers')}
        empty={t('caregivers.empty')}
        href={(c) => `/my/caregivers/${c.id}/show`}
      >
        {(c) => (
          <>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {c.plate} · {c.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <CaregiverStatusChip status={c.status} />
              <Typography variant="body2" color="text.secondary">
                {daysText(c.days)}
              </Typography>
            </Stack>
            <CaregiverState item={c} />
          </>
        )}
      </CardList>
    </Stack>
  );
}

/** Under the caregiver's page: the status, what the last renewal did, and removing the caregiver. */
function MyCaregiverState({ item }: { item: { id: number } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecord<CaregiverItem>('/my/caregivers', item.id);
  const remove = useDelete('/my/caregivers');
  const [confirming, setConfirming] = useState(false);
  if (!record.data) return null;
  const onRemove = async () => {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('caregivers.deleted'));
      void navigate({ to: '/my/caregivers' });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('caregivers.title')}
        </Typography>
        <CaregiverStatusChip status={record.data.status} />
      </Stack>
      <CaregiverState item={record.data} />
      <Button color="error" sx={{ mt: 2 }} onClick={() => setConfirming(true)}>
        {t('caregivers.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('caregivers.deleteTitle')}
        confirmLabel={t('caregivers.remove')}
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onClose={() => setConfirming(false)}
      >
        {t('caregivers.deleteText')}
      </ConfirmDialog>
    </Paper>
  );
}

export const myCaregiverScreens = resourceScreens<CaregiverItem, MyCaregiverBody>({
  resource: '/my/caregivers',
  basePath: '/my/caregivers',
  entity: 'caregivers',
  titleKey: 'shell.nav.myCaregivers',
  createKey: 'caregivers.add',
  list: caregiversListQuery,
  permissions: {},
  own: true,
  schema: myCaregiverBody,
  emptyValues: { name: '', phone: null, plate: '', color: null, vehicleType: null, days: [] },
  toValues: (c) => ({
    name: c.name,
    phone: c.phone,
    plate: c.plate,
    color: c.color,
    vehicleType: c.vehicleType,
    days: c.days,
  }),
  recordTitle: (c) => `${c.plate} · ${c.name}`,
  Fields: CaregiverFields,
  ListView: MyCaregiverCards,
  ShowExtra: MyCaregiverState,
  columns: () => [],
});
