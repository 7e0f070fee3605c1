import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RequestError } from '../../platform/errors';

/**
 * The error view of a page opened by a link's token (a resident's or a visitor's): the server's message for an
 * unknown, expired or used link (404, 410, 422) with what to do (`hint`), or a load failure with a retry. `signIn`
 * offers the sign-in page to people who have an account.
 */
export function LinkError({
  error,
  retrying,
  onRetry,
  hint,
  fallback,
  signIn,
}: {
  error: RequestError;
  retrying: boolean;
  onRetry: () => void;
  hint: string;
  fallback: string;
  signIn?: string;
}) {
  const { t } = useTranslation();
  const unusable = error.statusCode === 404 || error.statusCode === 410 || error.statusCode === 422;
  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{error.message || fallback}</Alert>
      <Typography color="text.secondary">{unusable ? hint : t('register.loadError.hint')}</Typography>
      {(signIn || !unusable) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {signIn && (
            <Button variant="contained" href="/auth/login">
              {signIn}
            </Button>
          )}
          {!unusable && (
            <Button variant="outlined" onClick={onRetry} loading={retrying}>
              {t('shell.retry')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
