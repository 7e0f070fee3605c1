/**
 * The visitor form's schemas, fetched with zod and the phone rules when the visitor first types
 * (lazyContractResolver), not with the page a poster opens (decision 0039 §18).
 */
export { publicVisitorPosterBodyFor, publicVisitorUpdateBodyFor } from '@parkade/contract';
