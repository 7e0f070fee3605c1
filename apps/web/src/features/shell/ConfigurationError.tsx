import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../platform/title';
import { StatusLayout } from './StatusLayout';

/**
 * SPEC §2.5: shown when the application data (the bootstrap) cannot be loaded. Title "Configuration Error", the
 * message or "Error loading application data", a word on what may be wrong, and "Retry Loading", which reloads.
 */
export function ConfigurationError({ message, reload }: { message?: string; reload?: () => void }) {
  const { t } = useTranslation();
  const title = t('shell.configError.title');
  useDocumentTitle(title);
  return (
    <StatusLayout>
      <CloudOffOutlined aria-hidden="true" sx={{ fontSize: 48, color: 'error.main', mb: 1 }} />
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Typography role="alert" sx={{ fontWeight: 600, mb: 1.5, overflowWrap: 'anywhere' }}>
        {message || t('shell.configError.message')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('shell.configError.hint')}
      </Typography>
      <Button variant="contained" onClick={reload ?? (() => window.location.reload())}>
        {t('shell.configError.retry')}
      </Button>
    </StatusLayout>
  );
}
