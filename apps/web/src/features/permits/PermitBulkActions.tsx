import {
  PERMIT_ACTION_PERMISSIONS,
  PERMIT_COMMENT_MAX,
  type BulkOutcome,
  type Permission,
} from '@parkade/contract';
import ApproveIcon from '@mui/icons-material/CheckCircleOutlined';
import RevokeIcon from '@mui/icons-material/BlockOutlined';
import { useTranslation } from 'react-i18next';
import { send } from '../../platform/api';
import { BulkBar, type BulkAction } from '../../ui/BulkBar';

/** The permissions of the list's bulk actions (the one-row actions'): rows are checked only by who holds one. */
export const PERMIT_BULK_PERMISSIONS: readonly Permission[] = [
  PERMIT_ACTION_PERMISSIONS.approve,
  PERMIT_ACTION_PERMISSIONS.revoke,
];

/**
 * Bulk actions on the checked permits (decision 0039, "Also expected: row selection and bulk actions"): approve
 * them, or revoke them with the one reason the permit's own page asks; each as that page does, the ones the
 * workflow refuses skipped and listed with the reason.
 */
export function PermitBulkActions({ ids, clear }: { ids: number[]; clear: () => void }) {
  const { t } = useTranslation();
  const actions: BulkAction[] = [
    {
      key: 'approve',
      label: t('permits.action.approve'),
      icon: <ApproveIcon />,
      permission: PERMIT_ACTION_PERMISSIONS.approve,
      primary: true,
      title: t('permits.bulk.approveTitle'),
      confirm: (count) => t('permits.bulk.approveConfirm', { count }),
      run: (chosen) => send<BulkOutcome>('POST', '/permits/bulk/approve', { ids: chosen }),
      doneText: (count) => t('permits.bulk.approved', { count }),
    },
    {
      key: 'revoke',
      label: t('permits.action.revoke'),
      icon: <RevokeIcon />,
      permission: PERMIT_ACTION_PERMISSIONS.revoke,
      destructive: true,
      title: t('permits.bulk.revokeTitle'),
      confirm: (count) => t('permits.bulk.revokeConfirm', { count }),
      field: { label: t('permits.rejectionComment'), multiline: true, maxLength: PERMIT_COMMENT_MAX },
      run: (chosen, comment) =>
        send<BulkOutcome>('POST', '/permits/bulk/revoke', { ids: chosen, comment: comment.trim() || null }),
      doneText: (count) => t('permits.bulk.revoked', { count }),
    },
  ];
  return <BulkBar ids={ids} clear={clear} actions={actions} resource="/permits" />;
}
