/** What other modules may use: which staff a scope works on, and one staff user as the API shows it. */
export { getUser, ownStaff, staffOf, type Staff } from './service';
