import {
  RESIDENT_STATUSES,
  residentsListQuery,
  toSearchParams,
  type BulkOutcome,
  type Permission,
} from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import StatusIcon from '@mui/icons-material/ToggleOnOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, send } from '../../platform/api';
import { useCan } from '../../ui/access';
import { BulkBar, type BulkAction } from '../../ui/BulkBar';
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

/** The permissions of the list's bulk actions: rows are checked only by who holds one. */
export const RESIDENT_BULK_PERMISSIONS: readonly Permission[] = [
  'residents.mass-email',
  'residents.password',
  'residents.status',
];

/**
 * Bulk actions on the checked residents: email them the parking policies (queued, sent by a job), or a link to
 * choose their password (after an import, instead of one by one); change their status (each as the resident's own
 * page does, decision 0039 "Also expected: row selection and bulk actions").
 */
export function ResidentBulkActions({ ids, clear }: { ids: number[]; clear: () => void }) {
  const { t } = useTranslation();
  const actions: BulkAction[] = [
    {
      key: 'policies',
      label: t('residents.massEmail'),
      icon: <MailIcon />,
      permission: 'residents.mass-email',
      primary: true,
      confirm: (count) => t('residents.massEmailConfirm', { count }),
      confirmLabel: t('residents.massEmailSend'),
      run: (chosen) => send<{ message: string }>('POST', '/residents/sendBulkParkingPolice', { ids: chosen }),
    },
    {
      key: 'passwords',
      label: t('residents.passwordLinks'),
      icon: <KeyIcon />,
      permission: 'residents.password',
      confirm: (count) => t('residents.passwordLinksConfirm', { count }),
      confirmLabel: t('residents.massEmailSend'),
      run: (chosen) => send<{ message: string }>('POST', '/residents/sendBulkPasswordLinks', { ids: chosen }),
    },
    {
      key: 'status',
      label: t('residents.changeStatus'),
      icon: <StatusIcon />,
      permission: 'residents.status',
      confirm: (count) => t('residents.bulk.statusConfirm', { count }),
      field: {
        label: t('residents.statusLabel'),
        required: true,
        options: RESIDENT_STATUSES.map((s) => ({ value: s, label: t(`residents.status.${s}`) })),
      },
      run: (chosen, status) => send<BulkOutcome>('POST', '/residents/bulk/status', { ids: chosen, status }),
      doneText: (count, status) =>
        t('residents.bulk.statusChanged', { count, status: t(`residents.status.${status}`) }),
    },
  ];
  return <BulkBar ids={ids} clear={clear} actions={actions} resource="/residents" />;
}
