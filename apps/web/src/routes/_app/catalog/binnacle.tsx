import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BinnaclePage } from '../../../features/binnacle/BinnaclePage';
import { validateBinnacleSearch } from '../../../features/binnacle/search';

export const Route = createFileRoute('/_app/catalog/binnacle')({
  validateSearch: validateBinnacleSearch,
  component: CatalogBinnacle,
});

function CatalogBinnacle() {
  const { t } = useTranslation();
  return <BinnaclePage crumbs={[{ label: t('catalogs.title'), href: '/catalog' }]} />;
}
