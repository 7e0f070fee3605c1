import type { Permission } from '@parkade/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryError } from './QueryError';
import type { z } from 'zod';
import { RequestError } from '../platform/errors';
import { toast } from './toast';
import { useCan } from './access';
import { LinkButton } from './AppLink';
import { AuditLogDialog } from './AuditLogDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { FormModeProvider, type PageMode } from './fields';
import { contractResolver } from './contract-resolver';
import { applyServerErrors } from './form';
import { formatDateTime, useUiLocale } from './locale';
import { PageHeader, type Crumb } from './PageHeader';
import { useCreate, useDelete, useRecord, useUpdate } from './resource';

/**
 * What a resource's create, show and edit pages need to know. A resource supplies its own fields and rules; the
 * page does the rest: loading and not-found states, the form (react-hook-form on the contract's schema), the
 * server's field errors on their fields, the toasts, the delete confirmation and the audit-log dialog, and the
 * buttons the user may use.
 */
export interface ResourceDefinition<Item extends { id: number }, Values extends FieldValues> {
  /** API path: '/zones'. */
  resource: string;
  /** Web path of the list: '/catalog/zones' (show is `${basePath}/7/show`). */
  basePath: string;
  /** The audit log's entity name (the server's table: 'zones'). */
  auditEntity: string;
  /** Translated names: the list's title (plural) and one record in running text ('zone'). */
  labels: {
    title: string;
    item: string;
    /** The create page's title and its submit button, when not "New …" and "Create" (users: an invitation). */
    create?: string;
    createSubmit?: string;
  };
  /** Breadcrumbs before the list's title (e.g. Catalogs). */
  crumbs?: Crumb[];
  permissions: { create?: Permission; edit?: Permission; delete?: Permission };
  /** The signed-in user's own records (/my): create and edit need no permission (the API admits the owner only). */
  own?: boolean;
  /** Whether writes are possible in this area at all (catalog writes are central-only). */
  writable: boolean;
  /** The contract's body schema: the form validates with it and submits its output. */
  schema: z.ZodType;
  /** A new record's form values, and a record's. */
  emptyValues: Values;
  toValues: (item: Item) => Values;
  /** The record's name in titles and the delete confirmation. */
  recordTitle: (item: Item) => string;
  /** A record that may not be deleted at all (a system permit type). */
  canDelete?: (item: Item) => boolean;
  /** The toast after a create, instead of "The … was created". */
  createdMessage?: (item: Item) => string;
  /** Headers the create's POST sends (SPEC §7: visitors send `module` and `action`). */
  createHeaders?: Record<string, string>;
  /** The search the show page opens with after a create (`{ registered: 1 }`: the visitor's summary dialog). */
  createdSearch?: Record<string, string | number>;
  /** On the show page, between the title and the record: what most needs doing next (a new property's staff). */
  ShowLead?: ComponentType<{ item: Item }>;
  /** The resource's fields; they read the mode (show renders them read-only). */
  Fields: ComponentType<{ record?: Item }>;
  /** A query string sent with the edit's PUT ('?action=change-vehicle'); none by default. */
  updateSearch?: string;
}

export interface ResourcePageProps<Item extends { id: number }, Values extends FieldValues> {
  definition: ResourceDefinition<Item, Values>;
  mode: PageMode;
  id?: number;
}

function Centered({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>{children}</Box>;
}

/** The create, edit and show pages of a resource (SPEC §2.2 page modes). */
export function ResourcePage<Item extends { id: number }, Values extends FieldValues>({
  definition: d,
  mode,
  id,
}: ResourcePageProps<Item, Values>) {
  const { t } = useTranslation();
  const record = useRecord<Item>(d.resource, mode === 'create' ? null : id);
  const listCrumbs: Crumb[] = [...(d.crumbs ?? []), { label: d.labels.title, href: d.basePath }];

  if (mode !== 'create' && (record.isPending || record.isError)) {
    const notFound = record.error instanceof RequestError && record.error.statusCode === 404;
    return (
      <>
        <PageHeader title={d.labels.title} crumbs={d.crumbs} />
        {record.isPending ? (
          <Centered>
            <CircularProgress aria-label={t('form.loading')} />
          </Centered>
        ) : notFound ? (
          <Alert
            severity="warning"
            action={
              <LinkButton href={d.basePath} color="inherit" size="small">
                {t('resource.backToList', { list: d.labels.title })}
              </LinkButton>
            }
          >
            {t('resource.notFound', { item: d.labels.item })}
          </Alert>
        ) : (
          record.error && <QueryError error={record.error} retry={record.refetch} />
        )}
      </>
    );
  }

  const item = mode === 'create' ? undefined : record.data;
  const title =
    mode === 'create'
      ? (d.labels.create ?? t('resource.createTitle', { item: d.labels.item }))
      : mode === 'edit'
        ? t('resource.editTitle', { item: d.labels.item })
        : d.recordTitle(item!);
  const crumbs: Crumb[] =
    mode === 'edit' && item
      ? [...listCrumbs, { label: d.recordTitle(item), href: `${d.basePath}/${item.id}/show` }]
      : listCrumbs;

  return (
    <>
      {mode === 'show' && item ? (
        <ShowView definition={d} item={item} title={title} crumbs={crumbs} />
      ) : (
        <>
          <PageHeader title={title} crumbs={crumbs} />
          <EditForm definition={d} mode={mode === 'create' ? 'create' : 'edit'} item={item} />
        </>
      )}
    </>
  );
}

function ShowView<Item extends { id: number }, Values extends FieldValues>({
  definition: d,
  item,
  title,
  crumbs,
}: {
  definition: ResourceDefinition<Item, Values>;
  item: Item;
  title: string;
  crumbs: Crumb[];
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const can = useCan();
  const navigate = useNavigate();
  const [auditOpen, setAuditOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDelete(d.resource);
  const form = useForm<Values>({ defaultValues: d.toValues(item) as never });
  // The record may change under the page (an edit saved elsewhere, a refetch): show its current values.
  useEffect(() => form.reset(d.toValues(item)), [item, form, d]);

  const mayEdit = d.writable && (d.own || (d.permissions.edit !== undefined && can(d.permissions.edit)));
  const mayDelete =
    d.writable &&
    d.permissions.delete !== undefined &&
    can(d.permissions.delete) &&
    (d.canDelete?.(item) ?? true);
  const stamps = item as unknown as { createdAt?: string; updatedAt?: string };

  const onDelete = () =>
    remove.mutate(item.id, {
      onSuccess: (answer) => {
        setConfirmOpen(false);
        toast.success(answer.message || t('resource.deleted', { item: d.labels.item }));
        // The deleted record's page leaves the history too: Back must not lead to a "not found".
        void navigate({ to: d.basePath as never, replace: true });
      },
      onError: (err) => {
        setConfirmOpen(false);
        toast.error(err.message);
      },
    });

  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        actions={
          <>
            {can('binnacle.index') && (
              <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setAuditOpen(true)}>
                {t('audit.open')}
              </Button>
            )}
            {mayDelete && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setConfirmOpen(true)}
              >
                {t('resource.delete')}
              </Button>
            )}
            {mayEdit && (
              <LinkButton href={`${d.basePath}/${item.id}/edit`} variant="contained" startIcon={<EditIcon />}>
                {t('resource.edit')}
              </LinkButton>
            )}
          </>
        }
      />
      {d.ShowLead && <d.ShowLead item={item} />}
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <FormProvider {...form}>
          <FormModeProvider value="show">
            <d.Fields record={item} />
          </FormModeProvider>
        </FormProvider>
        {(stamps.createdAt || stamps.updatedAt) && (
          <>
            <Divider sx={{ my: 3 }} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }}>
              {stamps.createdAt && (
                <Typography variant="body2" color="text.secondary">
                  {t('resource.createdAt', { when: formatDateTime(stamps.createdAt, locale) })}
                </Typography>
              )}
              {stamps.updatedAt && (
                <Typography variant="body2" color="text.secondary">
                  {t('resource.updatedAt', { when: formatDateTime(stamps.updatedAt, locale) })}
                </Typography>
              )}
            </Stack>
          </>
        )}
      </Paper>
      <AuditLogDialog
        open={auditOpen}
        onClose={() => setAuditOpen(false)}
        entity={d.auditEntity}
        entityId={item.id}
        title={d.recordTitle(item)}
      />
      <ConfirmDialog
        open={confirmOpen}
        title={t('resource.deleteTitle', { item: d.labels.item })}
        confirmLabel={t('resource.delete')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirmOpen(false)}
      >
        {t('resource.deleteText', { name: d.recordTitle(item) })}
      </ConfirmDialog>
    </>
  );
}

function EditForm<Item extends { id: number }, Values extends FieldValues>({
  definition: d,
  mode,
  item,
}: {
  definition: ResourceDefinition<Item, Values>;
  mode: 'create' | 'edit';
  item?: Item;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [general, setGeneral] = useState<string | null>(null);
  const create = useCreate<Item>(d.resource, d.createHeaders);
  const update = useUpdate<Item>(d.resource, item?.id ?? 0, d.updateSearch);
  const resolver = useMemo(() => contractResolver(d.schema as z.ZodType<unknown, FieldValues>), [d.schema]);
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver,
    defaultValues: (item ? d.toValues(item) : d.emptyValues) as FieldValues,
    mode: 'onTouched',
  });
  const fieldNames = useMemo(() => Object.keys(d.emptyValues), [d.emptyValues]);
  const permission = mode === 'create' ? d.permissions.create : d.permissions.edit;
  const allowed = d.writable && (d.own || (permission !== undefined && can(permission)));

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral(null);
    try {
      const saved = mode === 'create' ? await create.mutateAsync(values) : await update.mutateAsync(values);
      toast.success(
        mode === 'create' && d.createdMessage
          ? d.createdMessage(saved)
          : t(mode === 'create' ? 'resource.created' : 'resource.updated', { item: d.labels.item }),
      );
      // The form is done with: Back from the record goes where the user came from, not into the form again.
      void navigate({
        to: `${d.basePath}/${saved.id}/show` as never,
        search: (mode === 'create' ? d.createdSearch : undefined) as never,
        replace: true,
      });
    } catch (err) {
      setGeneral(applyServerErrors(err, fieldNames, (name, e, o) => form.setError(name, e, o)).general);
    }
  });

  if (!allowed)
    return (
      <Alert severity="info">
        {d.writable ? t('resource.noPermission') : t('resource.readOnlyArea', { list: d.labels.title })}
      </Alert>
    );

  const cancelHref = mode === 'edit' && item ? `${d.basePath}/${item.id}/show` : d.basePath;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <FormProvider {...form}>
        <FormModeProvider value={mode}>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => void onSubmit(e)}
            aria-label={
              mode === 'create' && d.labels.create
                ? d.labels.create
                : t(mode === 'create' ? 'resource.createTitle' : 'resource.editTitle', {
                    item: d.labels.item,
                  })
            }
          >
            {general && (
              <Alert severity="error" sx={{ mb: 3 }} role="alert">
                {general}
              </Alert>
            )}
            <d.Fields record={item} />
            <Divider sx={{ my: 3 }} />
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <LinkButton href={cancelHref} disabled={form.formState.isSubmitting}>
                {t('form.cancel')}
              </LinkButton>
              <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                {mode === 'create' ? (d.labels.createSubmit ?? t('resource.create')) : t('form.save')}
              </Button>
            </Stack>
          </Box>
        </FormModeProvider>
      </FormProvider>
    </Paper>
  );
}
