import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BinnaclePage } from '../../../features/binnacle/BinnaclePage';
import { listSearch } from '../../../ui/list-search';

export const Route = createFileRoute('/_app/catalog/binnacle')({
  validateSearch: listSearch,
  component: CatalogBinnacle,
});

function CatalogBinnacle() {
  const { t } = useTranslation();
  return <BinnaclePage crumbs={[{ label: t('catalogs.title'), href: '/catalog' }]} />;
}
