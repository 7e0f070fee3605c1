import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../platform/errors';
import { NotFound } from './NotFound';

/**
 * A file of the app that could not be loaded: a screen's chunk or the shipped dictionaries (no signal, or a build
 * replaced since the page was opened). Each browser words it its own way.
 */
export function isModuleLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/**
 * A screen that failed (an error thrown while loading or rendering it): the message and a retry that loads the
 * route again. A 404 from the API becomes the not-found screen. The layout around it stays usable. A file of the app
 * that could not be loaded is said so in words (not the browser's message naming the file), and its retry reloads
 * the page: a browser may keep a module's failure for the life of the page. Every text here is in the entry chunk
 * (boot-texts.ts), so this screen speaks the user's language even when no dictionary could be had.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const files = isModuleLoadError(error);
  const retry = () => {
    if (files) return window.location.reload();
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
        {files
          ? t('shell.filesUnavailable')
          : error instanceof Error && error.message
            ? error.message
            : t('errors.unknown')}
      </Alert>
    </Box>
  );
}
