import type { Services } from '../../platform/scope';
import { renewCaregiverPasses } from './write';

/** The scheduled job that renews caregivers' passes (decision 0024), every property. */
export const CAREGIVER_PASSES_QUEUE = 'caregiver-passes';
/** Every 15 minutes: a day's pass is issued within 15 minutes of local midnight (or of the caregiver's approval). */
export const CAREGIVER_PASSES_CRON = '*/15 * * * *';

export const renewCaregiverPassesJob = (services: Services) => renewCaregiverPasses(services, new Date());
