import { catalogTable } from '../../platform/db/catalog-table';

/** Kinds of warning (first warning, final warning, sticker notice…). Global catalog. */
export const warnings = catalogTable('warnings', {});
