import { createFileRoute } from '@tanstack/react-router';
import { CatalogsHub } from '../../../features/catalogs/CatalogsHub';

export const Route = createFileRoute('/_app/catalog/')({
  component: CatalogsHub,
});
