/**
 * What other modules may use: which roles a user of a scope may hold (users), the holders' guard, and which of a
 * role's permissions the caller lacks (nobody gives what they do not hold).
 */
export { visibleRoles, areasLosingKeepers } from './service';
export { unheld } from './write';
export { roles } from './table';
