import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useArea, useCan } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { PropertySettingsForm } from '../properties/PropertySettingsForm';
import { VisitorPosterCard } from '../visitors/VisitorPosterCard';
import { PlatformSecurityCard } from './PlatformSecurityCard';

/**
 * /settings: the current property's settings (centrally: the selected property's); centrally, above them, the
 * platform's own settings for those who may see them.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const area = useArea();
  const can = useCan();
  return (
    <>
      <PageHeader title={t('settings.pageTitle')} />
      {area === 'central' && can('system-settings.index') && <PlatformSecurityCard />}
      <PropertyScoped>
        <Stack spacing={3}>
          <VisitorPosterCard />
          <PropertySettingsForm path="/settings" editPermission="settings.edit" />
        </Stack>
      </PropertyScoped>
    </>
  );
}
