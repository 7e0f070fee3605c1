import { PERMIT_DISPLAY, type PermitShownStatus } from '@parkade/contract';
import { Alert, Chip } from '@mui/material';
import { formatDate, useUiLocale } from '../../ui/locale';
import { useTranslation } from 'react-i18next';

const COLOUR: Record<PermitShownStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  approved: 'success',
  later: 'info',
  pending: 'warning',
  'to-complete': 'warning',
  'awaiting-spot': 'warning',
  rejected: 'error',
  revoked: 'error',
  inactive: 'default',
  expired: 'default',
};

/** A permit's status as SPEC §4 labels it (valid, pending approval, not approved, expired…). */
export function PermitStatusChip({ status }: { status: PermitShownStatus }) {
  const { t } = useTranslation();
  return <StatusChip colour={COLOUR[status]} label={t(PERMIT_DISPLAY[status])} />;
}

/**
 * What a derived label means, under it (decision 0044 "Permit labels"): approved for later (from its start date),
 * waiting for the resident's signature, waiting for a reserved spot. Staff read it about the resident; the resident
 * reads what to do.
 */
export function PermitStatusNote({
  permit,
  audience,
}: {
  permit: { shownStatus: PermitShownStatus; startDate: string | null };
  audience: 'staff' | 'resident';
}) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  const status = permit.shownStatus;
  if (status === 'later' && permit.startDate)
    return (
      <Alert severity="info">
        {t('permits.status.laterHint', { date: formatDate(permit.startDate, locale) })}
      </Alert>
    );
  if (status === 'to-complete')
    return (
      <Alert severity="info">
        {t(audience === 'staff' ? 'permits.status.toCompleteHint' : 'my.permits.toCompleteNote')}
      </Alert>
    );
  if (status === 'awaiting-spot')
    return (
      <Alert severity="info">
        {t(audience === 'staff' ? 'permits.status.awaitingSpotHint' : 'my.permits.awaitingSpotNote')}
      </Alert>
    );
  return null;
}

/** Soft tones where white text on the palette colour would be too faint (warning, info): WCAG AA contrast. */
const SOFT = {
  warning: { bgcolor: '#fff4e5', color: '#663c00' },
  info: { bgcolor: '#e5f6fd', color: '#014361' },
} as const;

export function StatusChip({
  colour,
  label,
}: {
  colour: 'success' | 'warning' | 'error' | 'default' | 'info';
  label: string;
}) {
  if (colour === 'warning' || colour === 'info')
    return <Chip size="small" label={label} sx={{ ...SOFT[colour], fontWeight: 500 }} />;
  return <Chip size="small" color={colour} label={label} />;
}
