import { CRUD, defineResource, navEntry } from './resource';

/** The vehicle type catalog (SPEC §3): SUVs, Sedan, Hatchback. */
export const VEHICLE_TYPES = ['suv', 'sedan', 'hatchback'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const PLATE_MAX = 15;
export const VEHICLE_TEXT_MAX = 50;
export const VEHICLE_NOTES_MAX = 1000;

/**
 * A plate as enforcement compares it: upper case, without spaces, dashes, dots or other separators. "abc-1 23"
 * and "ABC123" are the same plate. Used for uniqueness and lookups; the plate is also kept as typed.
 */
export const normalizePlate = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A plate as it is stored and shown everywhere (lists, permits printed, mails, exports, the lookup's answers):
 * upper case, without leading or trailing spaces, each run of spaces inside one space; hyphens, dots and the
 * other separators stay as typed ("vis  123 " → "VIS 123", "7xyz-999" → "7XYZ-999"). Its normalised form is the
 * typed plate's, so comparing plates (normalizePlate) is unchanged (decision 0039 §10).
 */
export const displayPlate = (plate: string) => plate.trim().replace(/\s+/g, ' ').toUpperCase();

/** GET /vehicles: filter[term] searches the plate (typed or normalised), sticker, make, model and owner. */
export const vehiclesListQuery = {
  filters: ['residentId', 'makeId', 'modelId', 'vehicleType', 'permitTypeId', 'plate'],
  sorts: ['plate', 'createdAt', 'year', 'residentName'],
  includes: ['resident', 'spot', 'permitType'],
  defaultSort: 'plate',
} as const;

/** The two documents a vehicle carries (multipart field names of POST /vehicles/:id/documents). */
export const VEHICLE_DOCUMENTS = ['platesPhoto', 'insurance'] as const;
export type VehicleDocument = (typeof VEHICLE_DOCUMENTS)[number];

/** SPEC §2.4 names the vehicles create, edit and show pages open (the API checks each call). */
export const vehiclesResource = defineResource({
  name: 'vehicles',
  actions: CRUD,
  routes: {
    '/vehicles': 'index',
    '/vehicles/create': null,
    '/vehicles/$vehicleId/show': null,
    '/vehicles/$vehicleId/edit': null,
  },
  nav: [navEntry('account', '/my/vehicles', 'myVehicles'), navEntry('property', '/vehicles', 'vehicles')],
  audited: { vehicles: { record: '/vehicles/{id}/show' } },
  options: {
    residents: ['create', 'edit'],
    makes: ['create', 'edit'],
    models: ['create', 'edit'],
    'permit-types': ['create', 'edit'],
    spots: ['create', 'edit'],
  },
});

/** GET /my/vehicles as the resident's list shows it: by plate. */
export const myVehiclesListQuery = {
  filters: [],
  sorts: ['plate', 'createdAt'],
  includes: [],
  defaultSort: 'plate',
} as const;
