import { defineResource, navEntry } from './resource';

export const binnacleResource = defineResource({
  name: 'binnacle',
  actions: ['index'],
  routes: { '/binnacle': 'index', '/catalog/binnacle': 'index' },
  nav: [navEntry('administration', '/binnacle', 'binnacle')],
});
