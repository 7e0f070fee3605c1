import { defineResource, navEntry } from './resource';

/** Spot types of SPEC §3, each with the colour it is drawn and labelled in everywhere (map, lists, chips). */
export const SPOT_TYPES = [
  'garage',
  'noParkingZone',
  'carport',
  'resident',
  'visitor',
  'temporalVisitor',
  'handicap',
  'fireLane',
  'officeReserved',
  'futureResident',
  'reserved',
] as const;
export type SpotType = (typeof SPOT_TYPES)[number];

/** Fill colours chosen to stay distinct from each other and to carry dark text (WCAG AA on #1a1a1a). */
export const SPOT_TYPE_COLOURS: Record<SpotType, string> = {
  garage: '#90a4ae',
  noParkingZone: '#ef9a9a',
  carport: '#bcaaa4',
  resident: '#90caf9',
  visitor: '#a5d6a7',
  temporalVisitor: '#c5e1a5',
  handicap: '#81d4fa',
  fireLane: '#ff8a65',
  officeReserved: '#ce93d8',
  futureResident: '#b0bec5',
  reserved: '#ffcc80',
};

/** Space status: whether the spot can be given out now. */
export const SPACE_STATUSES = ['available', 'assigned', 'reserved', 'outOfService'] as const;
export type SpaceStatus = (typeof SPACE_STATUSES)[number];

export const SPOT_NUMBER_MAX = 20;
export const SPOT_GROUP_MAX = 60;
export const SPOT_NOTES_MAX = 1000;

/** GET /spots: filter[term] searches number, name and group. */
export const spotsListQuery = {
  filters: ['type', 'status', 'areaId', 'spotGroup'],
  sorts: ['number', 'name', 'type', 'status', 'spotGroup', 'createdAt'],
  includes: ['area', 'reservation'],
  defaultSort: 'number',
} as const;

/** Spots (no create page: spots are drawn on the parking map) and the map designer (SPEC §2.5). */
export const spotsResource = defineResource({
  name: 'spots',
  actions: ['index', 'show', 'edit', 'delete', 'map', 'map.edit'],
  routes: {
    '/spots': 'index',
    '/spots/$spotId/show': 'show',
    '/spots/$spotId/edit': null,
    // Drawing needs spots.map.edit, checked on its actions.
    '/parking-map': 'map',
  },
  nav: [navEntry('property', '/spots', 'spots'), navEntry('property', '/parking-map', 'parkingMap')],
  audited: { spots: { record: '/spots/{id}/show' }, parking_maps: {}, parking_areas: {} },
});
