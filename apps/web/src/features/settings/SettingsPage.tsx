import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { PropertySettingsForm } from '../properties/PropertySettingsForm';

/** /settings: the current property's settings (centrally: the selected property's). */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('settings.pageTitle')} />
      <PropertyScoped>
        <PropertySettingsForm path="/settings" editPermission="settings.edit" />
      </PropertyScoped>
    </>
  );
}
