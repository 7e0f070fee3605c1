import { warningsCatalog } from '@parkade/contract';
import { defineCatalog } from '../../platform/catalog';
import { warnings } from './table';

export const warningsService = defineCatalog({
  resource: 'warnings',
  table: warnings,
  contract: warningsCatalog,
});
export const warningsRoutes = warningsService.routes;
