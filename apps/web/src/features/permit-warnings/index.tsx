import {
  PERMIT_WARNING_STATUSES,
  permitWarningDecisionBody,
  permitWarningsListQuery,
  type PermitWarningItem,
} from '@parkade/contract';
import AddAlertIcon from '@mui/icons-material/AddAlertOutlined';
import { Badge, Box, Button, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import type { ListState } from '../../ui/DataTable';
import { ListDateRange } from '../../ui/DateRangeFilter';
import { formatDateTime, useUiLocale, type DateLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { useList } from '../../ui/resource';
import { resourceScreens } from '../../ui/resource-screens';
import { Line } from '../../ui/Line';
import { PermitWarningPanel } from './PermitWarningPanel';
import { RoundObservationsDialog } from './RoundObservationsDialog';
import { PermitWarningStatusChip } from './StatusChips';

export { RequestWarningDialog } from './RequestWarningDialog';

/**
 * /permit-warnings: the warnings officers asked to place (SPEC §4), pending ones first. Staff approve, reject or
 * cancel them; the inspector places them with photos; managers authorise a tow from a placed one
 * (PermitWarningPanel). A warning is asked from an observation of the officer's round (RequestWarningDialog), never
 * created or edited here as a form.
 */

const who = (person: { name: string } | null, at: string | null, locale: DateLocale) =>
  person || at ? `${person?.name ?? '—'} · ${formatDateTime(at, locale)}` : null;

/** The show page's card: the warning as asked, decided and placed. */
function PermitWarningFields({ record }: { record?: PermitWarningItem }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!record) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
      <Line
        label={t('permitWarnings.statusLabel')}
        value={<PermitWarningStatusChip status={record.status} />}
      />
      <Line label={t('vehicleTows.plate')} value={record.plate} />
      <Line label={t('permitWarnings.warningType')} value={record.warningName} />
      <Line label={t('permitWarnings.reason')} value={record.reasonName} />
      <Line label={t('permitWarnings.spot')} value={record.spotNumber} />
      <Line label={t('permitWarnings.place')} value={record.place} />
      <Line label={t('permitWarnings.note')} value={record.note} />
      <Line label={t('permitWarnings.requested')} value={who(record.requestedBy, record.createdAt, locale)} />
      <Line label={t('permitWarnings.decided')} value={who(record.decidedBy, record.decidedAt, locale)} />
      <Line label={t('permitWarnings.decisionNote')} value={record.decisionNote} />
      <Line label={t('permitWarnings.placed')} value={who(record.placedBy, record.placedAt, locale)} />
      <Line
        label={t('permitWarnings.cancelledAt')}
        value={record.cancelledAt ? formatDateTime(record.cancelledAt, locale) : null}
      />
    </Box>
  );
}

function PermitWarningFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  return (
    <>
      <OptionFilter
        label={t('permitWarnings.filter.status')}
        options={PERMIT_WARNING_STATUSES.map((s) => ({ value: s, label: t(`permitWarnings.status.${s}`) }))}
        value={list.search.status}
        onChange={(v) => list.update({ status: v, page: undefined })}
        width={170}
      />
      <ListDateRange list={list} />
    </>
  );
}

/** How many warnings wait for the caller: pending ones for staff who decide, approved ones for officers. */
function WaitingBadge() {
  const { t } = useTranslation();
  const can = useCan();
  const status = can('permit-warnings.decide') ? 'pending' : can('permit-warnings.place') ? 'approved' : null;
  const total =
    useList<PermitWarningItem>(
      '/permit-warnings',
      { filter: { status: [status ?? 'pending'] }, pageSize: 1 },
      { enabled: !!status },
    ).data?.meta.total ?? 0;
  if (!status || !total) return null;
  return (
    <Badge badgeContent={total} color="error" max={99}>
      <LinkButton href={`/permit-warnings?status=${status}`} variant="outlined">
        {t(`permitWarnings.waiting.${status}`, { n: total })}
      </LinkButton>
    </Badge>
  );
}

/** The list's header: what waits for the caller, and "Ask for a warning" for officers on patrol. */
function PermitWarningActions() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const mayAsk = can('permit-warnings.create') && can('patrolling.observe');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <WaitingBadge />
      {mayAsk && (
        <Button variant="contained" startIcon={<AddAlertIcon />} onClick={() => setAsking(true)}>
          {t('permitWarnings.round.open')}
        </Button>
      )}
      {mayAsk && (
        <RoundObservationsDialog
          open={asking}
          onClose={() => setAsking(false)}
          onCreated={(w) => {
            setAsking(false);
            void navigate({ to: `/permit-warnings/${w.id}/show` as never });
          }}
        />
      )}
    </Stack>
  );
}

export const permitWarningScreens = resourceScreens<PermitWarningItem, { note: string | null }>({
  resource: '/permit-warnings',
  basePath: '/permit-warnings',
  entity: 'permit_warnings',
  titleKey: 'shell.nav.permitWarnings',
  list: permitWarningsListQuery,
  // Every change is a step of the workflow (PermitWarningPanel); there is no create or edit form.
  permissions: {},
  creatable: false,
  schema: permitWarningDecisionBody,
  emptyValues: { note: null },
  toValues: (w) => ({ note: w.note }),
  recordTitle: (w) => `${w.plate} · ${w.warningName}`,
  Fields: PermitWarningFields,
  Filters: PermitWarningFilters,
  ListActions: PermitWarningActions,
  ShowExtra: PermitWarningPanel,
  columns: (t, locale) => [
    {
      field: 'plate',
      headerName: t('vehicleTows.plate'),
      link: true,
      sortable: false,
      minWidth: 130,
      flex: 1,
      valueGetter: (_v: unknown, w: PermitWarningItem) =>
        [w.plate, w.spotNumber ?? w.place].filter(Boolean).join(' · '),
    },
    {
      // Phones: the status, the type and when, under the link.
      field: 'summary',
      headerName: t('permitWarnings.statusLabel'),
      narrow: true,
      sortable: false,
      flex: 1,
      renderCell: ({ row }: { row: PermitWarningItem }) => (
        <Stack spacing={0.5} sx={{ minWidth: 0, py: 1 }}>
          <Box>
            <PermitWarningStatusChip status={row.status} />
          </Box>
          <Typography variant="body2" noWrap>
            {row.warningName} · {formatDateTime(row.createdAt, locale)}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('permitWarnings.statusLabel'),
      minWidth: 130,
      secondary: true,
      renderCell: ({ row }: { row: PermitWarningItem }) => <PermitWarningStatusChip status={row.status} />,
    },
    {
      field: 'warningName',
      headerName: t('permitWarnings.warningType'),
      sortable: false,
      minWidth: 150,
      flex: 1,
      secondary: true,
    },
    {
      field: 'reasonName',
      headerName: t('permitWarnings.reason'),
      sortable: false,
      minWidth: 150,
      flex: 1,
      secondary: true,
    },
    {
      field: 'createdAt',
      headerName: t('permitWarnings.requestedAt'),
      minWidth: 170,
      secondary: true,
      valueFormatter: (v: string) => formatDateTime(v, locale),
    },
    {
      field: 'requestedBy',
      headerName: t('permitWarnings.requestedBy'),
      sortable: false,
      minWidth: 150,
      flex: 1,
      secondary: true,
      valueGetter: (_v: unknown, w: PermitWarningItem) => w.requestedBy?.name ?? '',
    },
  ],
});
