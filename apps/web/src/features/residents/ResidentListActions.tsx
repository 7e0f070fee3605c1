import { residentsListQuery, toSearchParams, type Permission } from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, send } from '../../platform/api';
import type { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useListState } from '../../ui/DataTable';
import { toast } from '../../ui/toast';
import { DeletedResidentsDialog } from './DeletedResidentsDialog';
import { ImportResidentsDialog } from './ImportResidentsDialog';

/** The list's query (the export sends the same filters and sort, every page). */
const spec = {
  filters: residentsListQuery.filters,
  sorts: residentsListQuery.sorts,
  defaultSort: residentsListQuery.defaultSort,
  include: ['units'],
};

/** The list's own buttons: deleted residents, export of what the list shows, import from a spreadsheet. */
export function ResidentListActions() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListState(spec);
  const [dialog, setDialog] = useState<'import' | 'deleted' | null>(null);
  const exportFile = () => {
    const qs = toSearchParams({ ...list.query, page: undefined, pageSize: undefined }).toString();
    void download(`/residents/export${qs ? `?${qs}` : ''}`, 'residents.xlsx').catch((e: Error) =>
      toast.error(e.message),
    );
  };
  return (
    <>
      {can('residents.deleted') && (
        <Button variant="outlined" startIcon={<RestoreIcon />} onClick={() => setDialog('deleted')}>
          {t('residents.deleted.open')}
        </Button>
      )}
      {can('residents.export') && (
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportFile}>
          {t('residents.export')}
        </Button>
      )}
      {can('residents.import') && (
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setDialog('import')}>
          {t('residents.import.open')}
        </Button>
      )}
      {dialog === 'import' && <ImportResidentsDialog onClose={() => setDialog(null)} />}
      {dialog === 'deleted' && <DeletedResidentsDialog onClose={() => setDialog(null)} />}
    </>
  );
}

type BulkMail = 'policies' | 'passwords';

/** What each bulk mail calls, the permission it needs and its words. */
const BULK_MAILS: Record<BulkMail, { url: string; permission: Permission; label: string; confirm: string }> =
  {
    policies: {
      url: '/residents/sendBulkParkingPolice',
      permission: 'residents.mass-email',
      label: 'residents.massEmail',
      confirm: 'residents.massEmailConfirm',
    },
    passwords: {
      url: '/residents/sendBulkPasswordLinks',
      permission: 'residents.password',
      label: 'residents.passwordLinks',
      confirm: 'residents.passwordLinksConfirm',
    },
  };

/**
 * Bulk actions on the checked residents: email them the parking policies (queued, sent by a job), or a link to
 * choose their password (after an import, instead of one by one).
 */
export function ResidentBulkActions({ ids, clear }: { ids: number[]; clear: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [confirm, setConfirm] = useState<BulkMail | null>(null);
  const [busy, setBusy] = useState(false);
  const offered = (Object.keys(BULK_MAILS) as BulkMail[]).filter((k) => can(BULK_MAILS[k].permission));
  if (!offered.length) return null;
  const sendMail = async (kind: BulkMail) => {
    setBusy(true);
    try {
      const res = await send<{ message: string }>('POST', BULK_MAILS[kind].url, { ids });
      toast.success(res.message);
      clear();
      setConfirm(null);
    } catch (e) {
      toast.error((e as RequestError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography sx={{ flex: 1 }}>{t('residents.selected', { count: ids.length })}</Typography>
        {offered.map((kind) => (
          <Button
            key={kind}
            variant={kind === 'policies' ? 'contained' : 'outlined'}
            startIcon={kind === 'policies' ? <MailIcon /> : <KeyIcon />}
            onClick={() => setConfirm(kind)}
          >
            {t(BULK_MAILS[kind].label)}
          </Button>
        ))}
        <Button onClick={clear}>{t('residents.clearSelection')}</Button>
      </Stack>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(BULK_MAILS[confirm].label) : ''}
        confirmLabel={t('residents.massEmailSend')}
        destructive={false}
        busy={busy}
        onConfirm={() => confirm && void sendMail(confirm)}
        onClose={() => setConfirm(null)}
      >
        {confirm ? t(BULK_MAILS[confirm].confirm, { count: ids.length }) : null}
      </ConfirmDialog>
    </Paper>
  );
}
