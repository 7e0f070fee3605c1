import type { EmailSendCounts, EmailSendState, RecipientState } from '@parkade/contract';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiLocale } from '../../ui/locale';
import { StatusChip } from '../permits/PermitStatusChip';
import { progressLine, progressOf } from './sending';

/** The product's status chip colours (soft tones where contrast needs them). */
type Colour = Parameters<typeof StatusChip>[0]['colour'];

const SEND_COLOR: Record<EmailSendState, Colour> = {
  queued: 'default',
  sending: 'info',
  done: 'success',
  cancelled: 'warning',
};

/** A send's state in words: queued, sending, done, canceled. */
export function SendStateChip({ state }: { state: EmailSendState }) {
  const { t } = useTranslation();
  return <StatusChip colour={SEND_COLOR[state]} label={t(`emailsSender.state.${state}`)} />;
}

const RECIPIENT_COLOR: Record<RecipientState, Colour> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** A recipient's state in words: waiting, sending, sent, failed, not sent. */
export function RecipientStateChip({ state }: { state: RecipientState }) {
  const { t } = useTranslation();
  return <StatusChip colour={RECIPIENT_COLOR[state]} label={t(`emailsSender.recipientState.${state}`)} />;
}

/**
 * How far a send got: a bar of the recipients done with (sent, failed or not sent) and the line that says it
 * ("1,234 of 2,000 sent · 3 failed"), which also names the bar for assistive technology.
 */
export function SendProgress({ counts, thick }: { counts: EmailSendCounts; thick?: boolean }) {
  const { t } = useTranslation();
  const { intlLocale } = useUiLocale();
  const id = useId();
  const { percent } = progressOf(counts);
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={id}
        color={counts.failed ? 'warning' : 'primary'}
        sx={{ height: thick ? 10 : 6, borderRadius: 1, mb: 0.75 }}
      />
      <Typography id={id} variant="body2" color="text.secondary">
        {progressLine(counts, t, intlLocale)}
      </Typography>
    </Box>
  );
}
