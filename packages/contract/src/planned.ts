import { defineResource, navEntry } from './resource';

/**
 * Resources of SPEC whose screens and calls are still to be built: their permissions and routes exist so that
 * roles can be granted and the navigation knows them (an entry shows once its screen exists). Each declaration moves
 * to the resource's own contract file when the resource is built.
 */
export const plannedResources = {
  'language-codes': defineResource({ name: 'language-codes', actions: ['index', 'edit'] }),
  reports: defineResource({
    name: 'reports',
    actions: ['index', 'export'],
    routes: { '/reports': 'index' },
    nav: [navEntry('overview', '/reports', 'reports')],
  }),
  requests: defineResource({
    name: 'requests',
    actions: ['index', 'show', 'create', 'edit'],
    routes: { '/requests': 'index' },
    nav: [navEntry('overview', '/requests', 'requests')],
  }),
  'my-requests': defineResource({
    name: 'my-requests',
    actions: ['index', 'create'],
    routes: { '/my-requests': 'index' },
    nav: [navEntry('overview', '/my-requests', 'myRequests')],
  }),
} as const;
