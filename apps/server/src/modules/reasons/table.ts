import { catalogTable } from '../../platform/db/catalog-table';

/** Reasons for warnings and tows (expired permit, fire lane, blocking…). Global catalog. */
export const reasons = catalogTable('reasons', {});
