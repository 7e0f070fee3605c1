import { CATALOG_RESOURCES } from '@parkade/contract';
import { caregiverFixture, myCaregiverFixture } from './caregivers';
import {
  permitWarningFixture,
  permitWarningPhotoFixture,
  vehicleTowFixture,
  vehicleTowPhotoFixture,
} from './enforcement';
import { bannedVehicleFixture, bannedVehiclePhotoFixture } from './banned-vehicles';
import { myPermitFixture, myReservationFixture, myVehicleFixture, myVisitorFixture } from './my';
import { notificationFixture } from './notifications';
import { requestFixture } from './requests';
import { checkInFixture } from './patrol';
import { patrolReportFixture } from './patrol-reports';
import { roleFixture } from './roles';
import { mySpotReportFixture, spotReportFixture } from './spot-reports';
import { userFixture, userSessionFixture, userStatusFixture } from './users';
import { areaFixture, buildingFixture, floorFixture, spotFixture, unitFixture } from './structure';
import {
  importFixture,
  permitFixture,
  reservationFixture,
  reservationRequestFixture,
  residentFixture,
  residentLinkFixture,
  vehicleDocumentFixture,
  permitFileFixture,
  vehicleFixture,
} from './residents';
import type { RouteFixture } from './types';
import { myVisitorLinkFixture, visitorFixture, visitorLinkFixture } from './visitors';
import { customTemplateFixture, emailSendFixture } from './emails-sender';

export type { RouteFixture } from './types';
export { makeResident, SIGNATURE_PNG } from './residents';
export { makeCheckIn } from './patrol';
export { makeStaffUser } from './users';

/**
 * Which factory makes the row a route's ids address, by `METHOD url` as the route declares it (the first match
 * wins); 'global' when they name a row of a global table every tenant may see. The route harness fails for a
 * tenant route with an id that no entry matches.
 */
export const ROUTE_FIXTURES: [RegExp, RouteFixture | 'global'][] = [
  [/^POST \/my\/visitors\/:id\/link$/, myVisitorLinkFixture],
  [/^\w+ \/public\/visitors\/:id(\/permit\.pdf)?$/, visitorLinkFixture],
  [/^\w+ \/my\/vehicles\/:id$/, myVehicleFixture],
  [/^\w+ \/my\/permits\/:id$/, myPermitFixture],
  [/^\w+ \/my\/reservations\/:id/, myReservationFixture],
  [/^\w+ \/my\/visitors\/:id/, myVisitorFixture],
  [/^\w+ \/my\/caregivers\/:id$/, myCaregiverFixture],
  [/^\w+ \/caregivers\/:id/, caregiverFixture],
  [/^\w+ \/my\/spot-reports\/:id/, mySpotReportFixture],
  [/^\w+ \/spot-reports\/:id/, spotReportFixture],
  [/^GET \/patrolling\/check-ins\/:id\/observations$/, checkInFixture],
  [/^GET \/patrolling-reports\/:id/, patrolReportFixture],
  [/^\w+ \/buildings\/:id/, buildingFixture],
  [/^\w+ \/floors\/:id/, floorFixture],
  [/^\w+ \/units\/:id/, unitFixture],
  [/^\w+ \/spots\/:id/, spotFixture],
  [/^\w+ \/parking-map\/areas\/:id/, areaFixture],
  [/^POST \/reservations\/:id\/(approve|reject)$/, reservationRequestFixture],
  [/^\w+ \/reservations\/:id/, reservationFixture],
  [/^GET \/residents\/import-status\/:id$/, importFixture],
  [/^\w+ \/residents\/:id/, residentFixture],
  [/^\w+ \/public\/residents\/(agreement\/(signature\/)?)?:id$/, residentLinkFixture],
  [/^GET \/vehicles\/:id\/documents\/:document$/, vehicleDocumentFixture],
  [/^\w+ \/vehicles\/:id/, vehicleFixture],
  [/^GET \/permits\/:id\/file$/, permitFileFixture],
  [/^\w+ \/permits\/:id/, permitFixture],
  [/^\w+ \/visitors\/:id/, visitorFixture],
  [/^\w+ \/banned-vehicles\/:id\/photos\/:fileId$/, bannedVehiclePhotoFixture],
  [/^\w+ \/banned-vehicles\/:id/, bannedVehicleFixture],
  [/^GET \/permit-warnings\/:id\/photos\/:fileId$/, permitWarningPhotoFixture],
  [/^\w+ \/permit-warnings\/:id/, permitWarningFixture],
  [/^GET \/vehicle-tows\/:id\/photos\/:fileId$/, vehicleTowPhotoFixture],
  [/^\w+ \/vehicle-tows\/:id/, vehicleTowFixture],
  [/^\w+ \/emails-sender\/:id/, emailSendFixture],
  [/^\w+ \/email-templates\/custom\/:id/, customTemplateFixture],
  [/^POST \/notifications\/:id\/read$/, notificationFixture],
  [/^\w+ \/(my\/requests|my-requests|requests)\/:id/, requestFixture],
  [/^\w+ \/roles\/:id/, roleFixture],
  [/^DELETE \/users\/:id\/sessions\/:sessionId$/, userSessionFixture],
  [/^PUT \/users\/:id\/status$/, userStatusFixture],
  [/^\w+ \/users\/:id/, userFixture],
  [/^\w+ \/properties\/:id/, 'global'],
  ...CATALOG_RESOURCES.map((name): [RegExp, 'global'] => [new RegExp(`^\\w+ /${name}/:id`), 'global']),
];

/** The factory of a route (its method and its declared url), if any. */
export function fixtureOf(method: string, url: string): RouteFixture | 'global' | undefined {
  return ROUTE_FIXTURES.find(([pattern]) => pattern.test(`${method} ${url}`))?.[1];
}

export { bulkFixtureOf, type BulkFixture } from './bulk';
