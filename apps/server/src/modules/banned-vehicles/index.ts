/** What other modules may use of banned vehicles: the check that a plate is not banned here. */
export { activeBanFor, assertNotBanned } from './service';
