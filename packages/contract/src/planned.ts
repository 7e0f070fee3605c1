import { defineResource } from './resource';

/**
 * Resources of SPEC whose screens and calls are still to be built: their permissions and routes exist so that
 * roles can be granted and the navigation knows them (an entry shows once its screen exists). Each declaration moves
 * to the resource's own contract file when the resource is built.
 */
export const plannedResources = {
  'language-codes': defineResource({ name: 'language-codes', actions: ['index', 'edit'] }),
} as const;
