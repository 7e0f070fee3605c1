import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { AUDIT_ACTIONS, AUDITED_ENTITIES, auditedRecordPath } from '@parkade/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../ui/FactList';
import { useArea } from '../../ui/access';
import { AppLink } from '../../ui/AppLink';
import { actionLabel, attributeLabel, ChangesTable, entityLabel, type AuditEntry } from '../../ui/audit';
import { actionColor } from '../../ui/AuditLogDialog';
import { DataTable, useListState, type DataTableColumn } from '../../ui/DataTable';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { RecordPicker } from '../../ui/fields';
import { formatDateTime, ShownTimeZone, useDateLocale, useUiLocale } from '../../ui/locale';
import { OptionFilter } from '../../ui/OptionFilter';
import { PageHeader, type Crumb } from '../../ui/PageHeader';
import { PROPERTY_OPTIONS, usePropertyOption } from '../../ui/PropertyScoped';
import { useList } from '../../ui/resource';
import { binnacleSpec } from './search';

/**
 * The audit log (binnacle): who did what, when and from where. Filters by entity, user, action and date range;
 * central staff see every property's entries with a property column and filter. Served at /binnacle and at
 * /catalog/binnacle (SPEC §2.2).
 */

/** Entities the server records: the contract's AUDITED (what `ctx.audit` accepts); unknown ones still show. */
export const KNOWN_ENTITIES = AUDITED_ENTITIES;
/** Actions the server records: the contract's AUDIT_ACTIONS (what `ctx.audit` accepts), each with its label. */
export const KNOWN_ACTIONS = AUDIT_ACTIONS;

export function BinnaclePage({ crumbs }: { crumbs?: Crumb[] }) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const central = useArea() === 'central';
  const spec = useMemo(() => binnacleSpec(central), [central]);
  const list = useListState(spec);
  const result = useList<AuditEntry>('/binnacle', list.query);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const { search, update } = list;
  const rows = result.data?.data ?? [];
  const userName =
    search.userId !== undefined
      ? (rows.find((r) => String(r.userId) === String(search.userId))?.userName ?? `#${search.userId}`)
      : null;
  const propertyId = search.propertyId ? Number(search.propertyId) : null;
  const property = usePropertyOption(central && propertyId ? propertyId : null);
  // Centrally, the entries of the property filtered on in its zone; of every property, in the browser's.
  const zone = central ? (property?.timezone ?? null) : undefined;
  const locale = useDateLocale(zone);

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        // Phones: one column with what happened to what, who and when.
        field: 'summary',
        headerName: t('binnacle.entry'),
        narrow: true,
        sortable: false,
        flex: 1,
        renderCell: ({ row }) => (
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Chip size="small" color={actionColor(row.action)} label={actionLabel(t, row.action)} />
              <Typography variant="body2" noWrap>
                {entityLabel(t, row.entity)}
                {row.entityId ? ` #${row.entityId}` : ''}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" noWrap>
              {row.userName ?? t('audit.system')} · {formatDateTime(row.createdAt, locale)}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('binnacle.when'),
        secondary: true,
        minWidth: 160,
        flex: 0.9,
        valueFormatter: (v: string) => formatDateTime(v, locale),
      },
      {
        field: 'userName',
        headerName: t('binnacle.user'),
        secondary: true,
        minWidth: 140,
        flex: 1,
        renderCell: ({ row }) =>
          row.userId !== null && row.userType ? (
            <Link
              component="button"
              type="button"
              underline="hover"
              title={t('binnacle.filterByUser', { user: row.userName ?? '' })}
              onClick={(e) => {
                e.stopPropagation();
                update({ userId: String(row.userId), userType: row.userType ?? undefined });
              }}
            >
              {row.userName ?? `#${row.userId}`}
            </Link>
          ) : (
            <Typography variant="body2" color="text.secondary" component="span">
              {row.userName ?? t('audit.system')}
            </Typography>
          ),
      },
      {
        field: 'action',
        headerName: t('binnacle.action'),
        secondary: true,
        minWidth: 130,
        flex: 0.8,
        renderCell: ({ row }) => (
          <Chip size="small" color={actionColor(row.action)} label={actionLabel(t, row.action)} />
        ),
      },
      {
        field: 'entity',
        headerName: t('binnacle.entity'),
        minWidth: 150,
        flex: 1,
        secondary: true,
        renderCell: ({ row }) => {
          const label = `${entityLabel(t, row.entity)}${row.entityId ? ` #${row.entityId}` : ''}`;
          const href = row.action === 'delete' ? null : auditedRecordPath(row.entity, row.entityId);
          return href ? (
            <AppLink href={href} underline="hover" onClick={(e) => e.stopPropagation()}>
              {label}
            </AppLink>
          ) : (
            label
          );
        },
      },
      {
        field: 'changes',
        headerName: t('binnacle.changes'),
        sortable: false,
        minWidth: 160,
        flex: 1.2,
        secondary: true,
        valueGetter: (changes: AuditEntry['changes']) =>
          Object.keys(changes)
            .map((k) => attributeLabel(t, k))
            .join(', '),
      },
      ...(central
        ? [
            {
              field: 'propertyId',
              headerName: t('binnacle.property'),
              minWidth: 140,
              flex: 0.9,
              secondary: true,
              valueGetter: (_v: unknown, row: AuditEntry) => row.property?.name ?? t('binnacle.centralArea'),
            } satisfies DataTableColumn<AuditEntry>,
          ]
        : []),
    ],
    [t, intlLocale, locale, central, update],
  );

  const entityOptions = KNOWN_ENTITIES.map((e) => ({ value: e, label: entityLabel(t, e) })).sort((a, b) =>
    a.label.localeCompare(b.label, intlLocale),
  );
  const actionOptions = KNOWN_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) })).sort((a, b) =>
    a.label.localeCompare(b.label, intlLocale),
  );
  const title = t('binnacle.title');

  return (
    <>
      <PageHeader title={title} crumbs={crumbs} subtitle={t('binnacle.subtitle')} />
      <DataTable<AuditEntry>
        label={title}
        list={list}
        result={result}
        columns={columns}
        onRowOpen={setOpen}
        searchLabel={t('binnacle.search')}
        filters={
          <>
            <OptionFilter
              label={t('binnacle.entity')}
              options={entityOptions}
              value={search.entity}
              onChange={(v) => update({ entity: v, entityId: undefined })}
            />
            <OptionFilter
              label={t('binnacle.action')}
              options={actionOptions}
              value={search.action}
              onChange={(v) => update({ action: v })}
            />
            <DateRangeFilter value={search.createdAt} onChange={(v) => update({ createdAt: v })} />
            {central && (
              <Box sx={{ width: { xs: '100%', sm: 220 } }}>
                <RecordPicker
                  resource={PROPERTY_OPTIONS}
                  sort="label"
                  label={t('binnacle.property')}
                  size="small"
                  value={propertyId ? { id: propertyId, label: property?.label ?? `#${propertyId}` } : null}
                  onChange={(v) => update({ propertyId: v ? String(v.id) : undefined })}
                />
              </Box>
            )}
            {userName && (
              <Chip
                label={t('binnacle.userFilter', { user: userName })}
                onDelete={() => update({ userId: undefined, userType: undefined })}
              />
            )}
            {search.entityId !== undefined && (
              <Chip
                label={t('binnacle.recordFilter', { id: String(search.entityId) })}
                onDelete={() => update({ entityId: undefined })}
              />
            )}
          </>
        }
      />
      <ShownTimeZone.Provider value={locale.timeZone ?? null}>
        <EntryDialog entry={open} onClose={() => setOpen(null)} />
      </ShownTimeZone.Provider>
    </>
  );
}

/** One entry in full: who, when, from where, and every changed attribute old → new. */
function EntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const facts: [string, string | null | undefined][] = entry
    ? [
        [t('binnacle.when'), formatDateTime(entry.createdAt, locale)],
        [t('binnacle.user'), entry.userName ?? t('audit.system')],
        [
          t('binnacle.entity'),
          `${entityLabel(t, entry.entity)}${entry.entityId ? ` #${entry.entityId}` : ''}`,
        ],
        [
          t('binnacle.property'),
          entry.property?.name ?? (entry.area === 'central' ? t('binnacle.centralArea') : null),
        ],
        [t('binnacle.ip'), entry.ip],
        [t('binnacle.userAgent'), entry.userAgent],
        [t('binnacle.requestId'), entry.requestId],
      ]
    : [];
  return (
    <Dialog
      open={Boolean(entry)}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      {entry && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 7 }}>
            {actionLabel(t, entry.action)}
          </DialogTitle>
          <IconButton
            aria-label={t('form.close')}
            onClick={onClose}
            sx={{ position: 'absolute', right: 12, top: 12 }}
          >
            <CloseIcon />
          </IconButton>
          <DialogContent dividers>
            <FactList facts={facts.filter(([, v]) => v)} layout="dialog" mb={3} />
            <ChangesTable changes={entry.changes} action={entry.action} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('form.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
