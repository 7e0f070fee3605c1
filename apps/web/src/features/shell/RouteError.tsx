import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../platform/errors';
import { NotFound } from './NotFound';

/**
 * A screen that failed (an error thrown while loading or rendering it): the message and a retry that loads the
 * route again. A 404 from the API becomes the not-found screen. The layout around it stays usable.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  if (error instanceof RequestError && error.statusCode === 404)
    return <NotFound status={404} message={error.message} redirect="/" onRetry={retry} />;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Alert
        severity="error"
        icon={<ErrorOutlineOutlined />}
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('shell.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('shell.screenError')}</AlertTitle>
        {error instanceof Error && error.message ? error.message : t('errors.unknown')}
      </Alert>
    </Box>
  );
}
