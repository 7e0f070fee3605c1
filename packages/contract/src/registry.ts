import { bannedVehiclesResource } from './banned-vehicles';
import { binnacleResource } from './binnacle';
import { caregiversResource } from './caregivers';
import { buildingsResource, floorsResource } from './buildings';
import { catalogResources } from './catalogs';
import { dashboardResource } from './dashboard';
import { documentsResource } from './documents';
import { emailsSenderResource } from './emails-sender';
import { emailTemplatesResource } from './email-templates';
import { rulesResource } from './form-rules';
import { outboxResource } from './outbox';
import { patrolReportsResource } from './patrol-reports';
import { patrollingResource } from './patrolling';
import { permitWarningsResource } from './permit-warnings';
import { permitsResource } from './permits';
import { profileResource } from './profile';
import { reportsResource } from './reports';
import { propertiesResource, settingsResource, tenantsResource } from './properties';
import { reservationsResource } from './reservations';
import { rolesResource } from './roles';
import { residentsResource } from './residents';
import type { NavEntry } from './resource';
import { spotReportsResource } from './spot-reports';
import { myRequestsResource, requestsResource } from './requests';
import { spotsResource } from './spots';
import { systemSettingsResource } from './system-settings';
import { translationsResource } from './translations';
import { languageCodesResource } from './language-codes';
import { unitsResource } from './units';
import { usersResource } from './users';
import { vehicleTowsResource } from './vehicle-tows';
import { vehiclesResource } from './vehicles';
import { visitorsResource } from './visitors';

/**
 * Every resource, declared once in its own contract file (`defineResource`) and listed here once. The order is the
 * navigation's order within each section. The permission catalogue, the route → permission table, the navigation
 * and the audit log's entities are derived from this list (permissions.ts, routes.ts, audited.ts).
 */
export const RESOURCES = [
  dashboardResource,
  patrollingResource,
  patrolReportsResource,
  requestsResource,
  myRequestsResource,
  reportsResource,
  profileResource,
  propertiesResource,
  buildingsResource,
  floorsResource,
  unitsResource,
  spotsResource,
  residentsResource,
  vehiclesResource,
  permitsResource,
  visitorsResource,
  caregiversResource,
  reservationsResource,
  bannedVehiclesResource,
  spotReportsResource,
  permitWarningsResource,
  vehicleTowsResource,
  ...catalogResources,
  usersResource,
  rolesResource,
  tenantsResource,
  settingsResource,
  systemSettingsResource,
  rulesResource,
  documentsResource,
  emailTemplatesResource,
  emailsSenderResource,
  translationsResource,
  languageCodesResource,
  binnacleResource,
  outboxResource,
] as const;

export type ResourceDecl = (typeof RESOURCES)[number];
export type ResourceName = ResourceDecl['name'];

export type NavPath = Extract<ResourceDecl, { nav: readonly { path: string }[] }>['nav'][number]['path'];

/** The navigation entries of every resource, in registry order (the web adds the icons). */
export const NAV_ENTRIES = RESOURCES.flatMap<NavEntry>((r) =>
  'nav' in r ? [...(r.nav as readonly NavEntry[])] : [],
) as readonly (NavEntry & { path: NavPath })[];
