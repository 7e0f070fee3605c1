import { CRUD, crudPages, defineResource, navEntry } from './resource';

export const BUILDING_NAME_MAX = 120;
export const FLOOR_NAME_MAX = 60;
export const UNIT_NAME_MAX = 30;

/** GET /buildings: filter[term] searches the name. */
export const buildingsListQuery = {
  filters: ['name'],
  sorts: ['name', 'createdAt', 'unitsCount'],
  includes: [],
  defaultSort: 'name',
} as const;

export const floorsListQuery = {
  filters: ['buildingId'],
  sorts: ['level', 'name', 'createdAt'],
  includes: [],
  defaultSort: 'level',
} as const;

export const buildingsResource = defineResource({
  name: 'buildings',
  actions: [...CRUD, 'unit'],
  routes: { ...crudPages('buildings', 'buildingId'), '/buildings/$buildingId/unit': null },
  nav: [navEntry('property', '/buildings', 'buildings')],
  audited: { buildings: { record: '/buildings/{id}/show' } },
});

/** Floors are edited on their building's page. */
export const floorsResource = defineResource({
  name: 'floors',
  actions: CRUD,
  audited: { floors: {} },
});
