import { CRUD, crudPages, defineResource, navEntry } from './resource';

/** GET /units: filter[term] searches the unit name and its building's name. */
export const unitsListQuery = {
  filters: ['buildingId', 'floorId', 'name'],
  sorts: ['name', 'createdAt', 'buildingName'],
  includes: ['building', 'floor'],
  defaultSort: 'buildingName',
} as const;

/** At most this many units in one create-bulk or one import. */
export const UNITS_BULK_MAX = 5000;
export const UNITS_IMPORT_MAX_ROWS = 10000;

/** The .xlsx import (POST /units/import, GET /units/template): these headers, in this order, on row 1. */
export const UNITS_IMPORT_HEADERS = ['building', 'floor', 'unit'] as const;

export const unitsResource = defineResource({
  name: 'units',
  actions: [...CRUD, 'create-bulk', 'import'],
  routes: { ...crudPages('units', 'unitId'), '/units/create-bulk': 'create-bulk' },
  nav: [navEntry('property', '/units', 'units')],
  audited: { units: { record: '/units/{id}/show' } },
  options: {
    buildings: ['create', 'edit', 'create-bulk'],
    floors: ['create', 'edit', 'create-bulk'],
  },
});
