import type { BulkOutcome, Permission } from '@parkade/contract';
import ApproveIcon from '@mui/icons-material/CheckCircleOutlined';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { BulkBar, type BulkAction } from '../../ui/BulkBar';

/** The permission of the list's bulk approval (the one-row approval's). */
export const VISITOR_BULK_PERMISSIONS: readonly Permission[] = ['visitors.edit'];

/**
 * Bulk approval of the checked visitor requests (decision 0039, "Also expected: row selection and bulk actions"):
 * each as the visitor's own page approves it (its time starts now, bans and limits checked, the visitor told); the
 * ones refused skipped and listed with the reason.
 */
export function VisitorBulkActions({ ids, clear }: { ids: number[]; clear: () => void }) {
  const { t } = useTranslation();
  const actions: BulkAction[] = [
    {
      key: 'approve',
      label: t('visitors.action.approve'),
      icon: <ApproveIcon />,
      permission: 'visitors.edit',
      primary: true,
      title: t('visitors.bulk.approveTitle'),
      confirm: (count) => t('visitors.bulk.approveConfirm', { count }),
      run: (chosen) => send<BulkOutcome>('POST', '/visitors/bulk/approve', { ids: chosen }),
      doneText: (count) => t('visitors.bulk.approved', { count }),
    },
  ];
  return <BulkBar ids={ids} clear={clear} actions={actions} resource="/visitors" />;
}
