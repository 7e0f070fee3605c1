import { catalogTable } from '../../platform/db/catalog-table';

/** Vehicle makes. Global catalog; models reference them (a make with models cannot be deleted). */
export const makes = catalogTable('makes', {});
