import {
  myPermitBody,
  myPermitsListQuery,
  type MyPermitBody,
  type PermitItem,
  type VehicleItem,
} from '@parkade/contract';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Line } from '../../ui/Line';
import { RequestError } from '../../platform/errors';
import { LinkButton } from '../../ui/AppLink';
import { CardList } from '../../ui/CardList';
import type { ListState } from '../../ui/DataTable';
import { DateInput, FieldGrid, FullRow, RecordInput, useFormMode } from '../../ui/fields';
import { formatDate, useUiLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { resourceScreens } from '../../ui/resource-screens';
import { useList, useRecord } from '../../ui/resource';
import { ReportReservedButton } from '../spot-reports/my';
import { PermitStatusChip, PermitStatusNote } from './PermitStatusChip';

/**
 * /my/permits (SPEC §2.3): the resident's own permits. A resident asks for a resident permit for one of their
 * vehicles (it waits for the office's approval); the edit moves the permit to another of their vehicles (a change,
 * counted against their changes allowed). Lists and the permit page lead with the plate and the status.
 */

/** The permit's states in which a resident may still move it to another car. */
const LIVE = ['pending', 'to-complete', 'awaiting-spot', 'approved', 'later', 'inactive'];

function MyPermitFields({ record }: { record?: PermitItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  const vehicles = useList<VehicleItem>('/my/vehicles', { all: true });
  const none = vehicles.data && vehicles.data.data.length === 0;
  return (
    <FieldGrid>
      <FullRow>
        <Alert severity="info">
          {t(mode === 'edit' ? 'my.permits.changeIntro' : 'my.permits.requestIntro')}
        </Alert>
      </FullRow>
      {none && (
        <FullRow>
          <Alert
            severity="warning"
            action={
              <LinkButton href="/my/vehicles/create" color="inherit" size="small">
                {t('my.vehicles.add')}
              </LinkButton>
            }
          >
            {t('my.permits.noVehicles')}
          </Alert>
        </FullRow>
      )}
      <RecordInput
        name="vehicleId"
        label={t(mode === 'edit' ? 'my.permits.newVehicle' : 'rules.fields.plate')}
        required
        from="/my/vehicles"
        sort="plate"
        optionLabel={(v) => String(v.plate)}
        initial={record?.vehicle ? { id: record.vehicle.id, label: record.vehicle.plate } : null}
      />
      {mode !== 'edit' && (
        <DateInput
          name="startDate"
          label={t('rules.fields.startDate')}
          helperText={t('my.permits.startHint')}
        />
      )}
    </FieldGrid>
  );
}

function MyPermitCards({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <CardList<PermitItem>
      resource="/my/permits"
      list={{ ...list, query: { ...list.query, include: ['vehicle', 'permitType'] } }}
      label={t('shell.nav.myPermits')}
      empty={t('my.permits.empty')}
      href={(p) => `/my/permits/${p.id}/show`}
    >
      {(p) => (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {p.vehicle?.plate ?? t('my.permits.noVehicle')}
            </Typography>
            <PermitStatusChip status={p.shownStatus} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              p.permitType?.name,
              p.code,
              p.expiresOn && t('my.permits.validUntil', { date: formatDate(p.expiresOn, locale) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </>
      )}
    </CardList>
  );
}

export const myPermitScreens = resourceScreens<PermitItem, MyPermitBody>({
  resource: '/my/permits',
  basePath: '/my/permits',
  entity: 'permits',
  titleKey: 'shell.nav.myPermits',
  createKey: 'my.permits.request',
  createSubmitKey: 'my.permits.requestSubmit',
  createdMessage: (_p, t) => t('my.permits.requested'),
  list: myPermitsListQuery,
  permissions: {},
  own: true,
  // The edit sends the same form; its PUT keeps only the vehicle (myPermitEditBody).
  schema: myPermitBody,
  emptyValues: { vehicleId: null as unknown as number, startDate: null },
  toValues: (p) => ({ vehicleId: p.vehicleId as number, startDate: p.startDate }),
  recordTitle: (p) => p.vehicle?.plate ?? p.code,
  Fields: MyPermitFields,
  ListView: MyPermitCards,
  // The search action `report-reserved` (issue 17): a car in the resident's reserved spot.
  ListActions: ReportReservedButton,
  columns: () => [],
});

/** /my/permits/{id}/show: the status first, what it means for the resident, then the permit's filled-in lines. */
export function MyPermitPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const record = useRecord<PermitItem>('/my/permits', id);
  const title = t('shell.nav.myPermits');
  if (record.isPending || record.isError) {
    const notFound = record.error instanceof RequestError && record.error.statusCode === 404;
    return (
      <>
        <PageHeader title={title} />
        {record.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label={t('form.loading')} />
          </Box>
        ) : (
          <Alert
            severity={notFound ? 'warning' : 'error'}
            action={
              <LinkButton href="/my/permits" color="inherit" size="small">
                {t('resource.backToList', { list: title })}
              </LinkButton>
            }
          >
            {notFound ? t('resource.notFound', { item: t('entities.permits') }) : record.error?.message}
          </Alert>
        )}
      </>
    );
  }
  const p = record.data;
  const date = (d: string | null) => (d ? formatDate(d, locale) : null);
  return (
    <>
      <PageHeader
        title={p.vehicle?.plate ?? p.code}
        crumbs={[{ label: title, href: '/my/permits' }]}
        actions={
          LIVE.includes(p.shownStatus) && p.vehicleId ? (
            <LinkButton href={`/my/permits/${p.id}/edit`} variant="outlined" startIcon={<EditIcon />}>
              {t('my.permits.changeVehicle')}
            </LinkButton>
          ) : undefined
        }
      />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('permits.statusLabel')}
            </Typography>
            <PermitStatusChip status={p.shownStatus} />
          </Stack>
          {(p.shownStatus === 'pending' ||
            p.shownStatus === 'to-complete' ||
            p.shownStatus === 'awaiting-spot') && (
            <Alert severity="info">{t('my.permits.pendingNote')}</Alert>
          )}
          <PermitStatusNote permit={p} audience="resident" />
          {p.shownStatus === 'rejected' && (
            <Alert severity="error">
              {p.rejectionComment
                ? t('my.permits.rejectedReason', { reason: p.rejectionComment })
                : t('my.permits.rejectedNoReason')}
            </Alert>
          )}
          {p.shownStatus === 'expired' && <Alert severity="warning">{t('my.permits.expiredNote')}</Alert>}
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
            <Line label={t('rules.fields.plate')} value={p.vehicle?.plate} />
            <Line label={t('permits.code')} value={p.code} />
            <Line label={t('rules.fields.permitTypeId')} value={p.permitType?.name} />
            <Line label={t('rules.fields.spotId')} value={p.spot?.number} />
            <Line label={t('rules.fields.startDate')} value={date(p.startDate)} />
            <Line label={t('my.permits.validUntilLabel')} value={date(p.expiresOn)} />
            <Line
              label={t('my.permits.approvedOn')}
              value={p.approvedAt ? date(p.approvedAt.slice(0, 10)) : null}
            />
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
