import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './AppLink';

/**
 * A read that failed, as lists and dialogs show it: the server's message with Retry. A patrol officer's read
 * refused off round (409 `check-in-required`, decision 0027) is not an error to retry: it says so, with a way to
 * the check-in.
 */
export function QueryError({
  error,
  retry,
  prefix,
}: {
  /** A RequestError, or any error (its message is shown). */
  error: Error & { code?: string };
  retry: () => unknown;
  /** Said before the server's message (a list's "Error loading data."). */
  prefix?: string;
}) {
  const { t } = useTranslation();
  if (error.code === 'check-in-required')
    return (
      <Alert
        severity="info"
        action={
          <LinkButton color="inherit" size="small" href="/patrolling">
            {t('patrol.goCheckIn')}
          </LinkButton>
        }
      >
        {error.message}
      </Alert>
    );
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void retry()}>
          {t('list.retry')}
        </Button>
      }
    >
      {prefix ? `${prefix} ${error.message}` : error.message}
    </Alert>
  );
}
