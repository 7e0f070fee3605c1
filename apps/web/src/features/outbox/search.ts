import { outboxListQuery } from '@parkade/contract';
import type { ListSpec } from '../../ui/list-search';

/** The outbox's list names (the contract's outboxListQuery). Kept apart so validateSearch loads no page. */
export const outboxSpec: ListSpec = { ...outboxListQuery, ranges: ['createdAt'] };
