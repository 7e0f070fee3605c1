import { CRUD, crudPages, defineResource, navEntry } from './resource';

/** Resident statuses (SPEC §4's generic statuses a resident can be in). Only `active` residents may sign in. */
export const RESIDENT_STATUSES = [
  'active',
  'inactive',
  'suspended',
  'pending-parking-policies',
  'pending-to-approve',
] as const;
export type ResidentStatus = (typeof RESIDENT_STATUSES)[number];
/** Statuses that keep the account usable: a suspended or inactive resident cannot sign in. */
export const RESIDENT_SIGN_IN_STATUSES: readonly ResidentStatus[] = [
  'active',
  'pending-parking-policies',
  'pending-to-approve',
];

/**
 * The status a new resident starts in when staff choose none — by hand (the form's "By the property's rules") or by
 * import: in a property that requires signing the parking agreement (settings.general.agreementRequired), "Pending
 * parking policies" until they sign through their link (signing makes them active); otherwise active.
 */
export const newResidentStatus = (settings: { general: { agreementRequired: boolean } }): ResidentStatus =>
  settings.general.agreementRequired ? 'pending-parking-policies' : 'active';

export const RESIDENT_NAME_MAX = 255;
export const RESIDENT_CODE_MAX = 50;
/** A resident holds at most this many units. */
export const RESIDENT_UNITS_MAX = 10;

/** The limits a resident works with: their own value, or the property's setting when theirs is null. */
export const RESIDENT_LIMITS = [
  'vehiclesAllowed',
  'visitorVehiclesAllowed',
  'changesAllowed',
  'reservationsAllowed',
  'reservedPermitChanges',
  'tempVisitorVehicles',
  'visitorLimit',
] as const;
export type ResidentLimit = (typeof RESIDENT_LIMITS)[number];

/** GET /residents and GET /residents/export: filter[term] searches name, email, phone, code and unit. */
export const residentsListQuery = {
  filters: ['status', 'unitId', 'buildingId', 'leaseExpired'],
  sorts: ['fullName', 'email', 'createdAt', 'leaseExpirationAt', 'code', 'status'],
  includes: ['units', 'vehicles', 'permits'],
  defaultSort: 'fullName',
} as const;

/** GET /residents/deleted: the same list, of deleted residents, by deletion date. */
export const deletedResidentsListQuery = {
  filters: [],
  sorts: ['fullName', 'deletedAt'],
  includes: ['units'],
  defaultSort: '-deletedAt',
} as const;

/** POST /residents/sendBulkParkingPolice: queue the parking policies mail to these residents. */
export const RESIDENTS_BULK_MAX = 1000;

/**
 * The .xlsx import (POST /residents/import, GET /residents/template): these headers, in this order, on row 1.
 * building + unit name the resident's unit; lease_expiration is a date (YYYY-MM-DD or a date cell).
 */
export const RESIDENTS_IMPORT_HEADERS = [
  'name',
  'email',
  'phone',
  'building',
  'unit',
  'code',
  'language',
  'lease_expiration',
] as const;
export const RESIDENTS_IMPORT_MAX_ROWS = 20000;

export const RESIDENT_IMPORT_STATES = [
  'queued',
  'checking',
  'importing',
  'done',
  'rejected',
  'failed',
] as const;
export type ResidentImportState = (typeof RESIDENT_IMPORT_STATES)[number];

/**
 * The resident's own link (/register/residents/{token}), emailed by "resend agreement": the resident completes their
 * details (and chooses a password when they have none), reads the parking agreement and signs it. Every public call
 * names the resident by this token; `{id}` paths also need it (`?token=`), so an id alone shows nothing.
 */
export const RESIDENT_LINK_DAYS = 14;
/**
 * A link ends once the resident has registered and signed through it; for this many minutes more it still downloads
 * the signed agreement (the done step's button), and nothing else.
 */
export const RESIDENT_LINK_DONE_MINUTES = 30;
/** A drawn signature: a PNG data URL, at most this long. */
export const SIGNATURE_MAX_CHARS = 300_000;

export const residentsResource = defineResource({
  name: 'residents',
  actions: [
    ...CRUD,
    'deleted',
    'restore',
    'status',
    'import',
    'export',
    'password',
    'resend-agreement',
    'mass-email',
    'permits',
    'permits.create',
    'vehicles',
    'vehicles.create',
    'visitors',
    'visitors.create',
  ],
  routes: crudPages('residents', 'residentId', {
    permits: 'permits',
    'permits-create': 'permits.create',
    vehicles: 'vehicles',
    'vehicles-create': 'vehicles.create',
    visitors: 'visitors',
    'visitors-create': 'visitors.create',
  }),
  nav: [navEntry('property', '/residents', 'residents')],
  audited: { residents: { record: '/residents/{id}/show' }, resident_imports: {} },
  // A resident's units: chosen on the form, and again when a deleted resident is restored.
  options: { units: ['create', 'edit', 'restore'] },
});
