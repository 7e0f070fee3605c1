import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../platform/title';
import { StatusLayout } from './StatusLayout';

export const NOT_FOUND_STATUS = 404;

/**
 * SPEC §2.5: the status code (default 404), a message (default "Not Found"), a link back to `redirect` (default
 * /dashboard) and, when `onRetry` is given, a retry button.
 */
export function NotFound({
  status = NOT_FOUND_STATUS,
  message,
  redirect = '/dashboard',
  onRetry,
}: {
  status?: number;
  message?: string;
  redirect?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const text = message ?? t('errors.notFound');
  useDocumentTitle(text);
  return (
    <StatusLayout>
      <Typography
        component="p"
        sx={{ fontSize: { xs: 64, sm: 88 }, fontWeight: 700, lineHeight: 1, color: 'primary.main', mb: 1 }}
      >
        {status}
      </Typography>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {text}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('shell.notFound.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" href={redirect}>
          {t('shell.notFound.back')}
        </Button>
        {onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            {t('shell.retry')}
          </Button>
        )}
      </Stack>
    </StatusLayout>
  );
}
