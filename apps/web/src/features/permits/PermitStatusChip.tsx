import { PERMIT_DISPLAY, type PermitShownStatus } from '@parkade/contract';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOUR: Record<PermitShownStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  approved: 'success',
  pending: 'warning',
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
