/** What other modules may use: which roles a user of a scope may hold (users), and the holders' guard. */
export { visibleRoles, areasLosingKeepers } from './service';
