import { OUTBOX_KINDS, OUTBOX_STATUSES, type OutboxItem } from '@parkade/contract';
import { Box, Link, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { DataTable, useListState, type DataTableColumn } from '../../ui/DataTable';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { RecordPicker } from '../../ui/fields';
import { formatDateTime, ShownTimeZone, useDateLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { PageHeader } from '../../ui/PageHeader';
import { useList, useRecord } from '../../ui/resource';
import { kindLabel, statusLabel, StatusChip } from './labels';
import { MailDialog } from './MailDialog';
import { outboxSpec } from './search';

/**
 * /outbox (central, decision 0039 §4): every mail the application wrote — recipient, subject, kind, state — with
 * the list engine's search, filters (state, kind, property, date) and paging. Opening a mail (outbox.show) shows its
 * text and links while it was not sent, so an invitation or a reset link can be passed on when no mail server is
 * configured or delivery fails.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canRead = can('outbox.show');
  const list = useListState(outboxSpec);
  const result = useList<OutboxItem>('/outbox', list.query);
  const [open, setOpen] = useState<number | null>(null);
  const { search, update } = list;
  const propertyId = search.propertyId ? Number(search.propertyId) : null;
  const property = useRecord<{ id: number; name: string; timezone: string }>('/properties', propertyId);
  // The mails of the property filtered on in its zone; of every property, in the browser's (decision 0039 §12).
  const locale = useDateLocale(property.data?.timezone ?? null);

  const columns = useMemo<DataTableColumn<OutboxItem>[]>(() => {
    const recipient = (row: OutboxItem) =>
      canRead ? (
        <Link
          component="button"
          type="button"
          underline="hover"
          sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(row.id);
          }}
        >
          {row.to}
        </Link>
      ) : (
        row.to
      );
    return [
      {
        // Phones: one column with the recipient, the subject, the state and when.
        field: 'summary',
        headerName: t('outbox.mail'),
        narrow: true,
        sortable: false,
        flex: 1,
        renderCell: ({ row }) => (
          <Stack spacing={0.5} sx={{ minWidth: 0, py: 1, alignItems: 'flex-start' }}>
            <Typography variant="body2" component="span" noWrap sx={{ maxWidth: '100%' }}>
              {recipient(row)}
            </Typography>
            <Typography variant="body2" noWrap sx={{ maxWidth: '100%' }}>
              {row.subject}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <StatusChip status={row.status} />
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(row.createdAt, locale)}
              </Typography>
            </Stack>
          </Stack>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('outbox.createdAt'),
        secondary: true,
        minWidth: 175,
        flex: 0.8,
        valueFormatter: (v: string) => formatDateTime(v, locale),
      },
      {
        field: 'to',
        headerName: t('outbox.to'),
        secondary: true,
        minWidth: 180,
        flex: 1.1,
        renderCell: ({ row }) => recipient(row),
      },
      { field: 'subject', headerName: t('outbox.subject'), secondary: true, minWidth: 170, flex: 1.3 },
      {
        field: 'kind',
        headerName: t('outbox.kind'),
        secondary: true,
        sortable: false,
        minWidth: 130,
        flex: 0.8,
        valueGetter: (kind: string) => kindLabel(t, kind),
      },
      {
        field: 'status',
        headerName: t('outbox.status'),
        secondary: true,
        minWidth: 140,
        flex: 0.7,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      {
        field: 'propertyId',
        headerName: t('outbox.property'),
        secondary: true,
        sortable: false,
        minWidth: 110,
        flex: 0.7,
        valueGetter: (_v: unknown, row: OutboxItem) => row.property?.name ?? t('outbox.centralArea'),
      },
    ];
  }, [t, locale, canRead]);

  const title = t('outbox.title');
  return (
    <>
      <PageHeader title={title} subtitle={t('outbox.subtitle')} />
      <DataTable<OutboxItem>
        label={title}
        list={list}
        result={result}
        columns={columns}
        onRowOpen={canRead ? (row) => setOpen(row.id) : undefined}
        searchLabel={t('outbox.search')}
        filters={
          <>
            <OptionFilter
              label={t('outbox.status')}
              options={OUTBOX_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
              value={search.status}
              onChange={(v) => update({ status: v })}
            />
            <OptionFilter
              label={t('outbox.kind')}
              options={OUTBOX_KINDS.map((k) => ({ value: k, label: kindLabel(t, k) }))}
              value={search.kind}
              onChange={(v) => update({ kind: v })}
            />
            <DateRangeFilter value={search.createdAt} onChange={(v) => update({ createdAt: v })} />
            <Box sx={{ width: { xs: '100%', sm: 220 } }}>
              <RecordPicker
                resource="/properties"
                label={t('outbox.property')}
                size="small"
                value={propertyId ? { id: propertyId, label: property.data?.name ?? `#${propertyId}` } : null}
                onChange={(v) => update({ propertyId: v ? String(v.id) : undefined })}
              />
            </Box>
          </>
        }
      />
      <ShownTimeZone.Provider value={locale.timeZone ?? null}>
        <MailDialog id={open} onClose={() => setOpen(null)} />
      </ShownTimeZone.Provider>
    </>
  );
}
