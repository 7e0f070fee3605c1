import { defineResource, navEntry } from './resource';

/** The signed-in user's own profile: no permission, every user has one (residents under /my). */
export const profileResource = defineResource({
  name: 'profile',
  actions: [],
  nav: [navEntry('account', '/my/profile', 'myProfile')],
});
