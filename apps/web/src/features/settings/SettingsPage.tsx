import { useTranslation } from 'react-i18next';
import { useArea, useCan } from '../../ui/access';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { PropertySettingsForm } from '../properties/PropertySettingsForm';
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
        <PropertySettingsForm path="/settings" editPermission="settings.edit" />
      </PropertyScoped>
    </>
  );
}
