import { catalogTable } from '../../platform/db/catalog-table';

/** US states and DC (code: USPS abbreviation). Global catalog. */
export const states = catalogTable('states', {});
