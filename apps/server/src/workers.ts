import { deliverMail, MAIL_QUEUE, OUTBOX_SWEEP_QUEUE, sweepOutbox } from './modules/outbox/mail';
import type { Services } from './platform/scope';
import { IMPORT_QUEUE } from './modules/residents/import';
import { importJob } from './modules/residents/import-job';
import { POLICIES_QUEUE, writePolicyMails } from './modules/residents/mail';
import {
  CAREGIVER_PASSES_CRON,
  CAREGIVER_PASSES_QUEUE,
  renewCaregiverPassesJob,
} from './modules/caregivers/job';
import { expireVisitorPermits, VISITOR_EXPIRY_CRON, VISITOR_EXPIRY_QUEUE } from './modules/visitors/job';
import {
  EXPIRY_REMINDERS_CRON,
  EXPIRY_REMINDERS_QUEUE,
  sendExpiryReminders,
} from './modules/expiry-reminders/job';
import { BULK_QUEUE } from './modules/emails-sender/service';
import { runSend } from './modules/emails-sender/job';
import {
  NOTIFICATIONS_PURGE_CRON,
  NOTIFICATIONS_PURGE_QUEUE,
  purgeNotifications,
} from './modules/notifications/service';
import { analyzeStale, STATISTICS_CRON, STATISTICS_QUEUE } from './platform/db/statistics';

/** Job handlers; run in the web process by default, or alone with `npm run worker`. */
export async function registerWorkers(services: Services): Promise<void> {
  await services.jobs.work(MAIL_QUEUE, async (data) => {
    await deliverMail(services, Number(data.id));
  });
  await services.jobs.work(OUTBOX_SWEEP_QUEUE, async () => {
    await sweepOutbox(services.database, services.jobs);
  });
  await services.jobs.work(IMPORT_QUEUE, async (data) => {
    await importJob(services, Number(data.propertyId), Number(data.importId));
  });
  await services.jobs.work(POLICIES_QUEUE, async (data) => {
    await writePolicyMails(services, Number(data.propertyId), (data.ids as number[]).map(Number));
  });
  await services.jobs.work(VISITOR_EXPIRY_QUEUE, async () => {
    await expireVisitorPermits(services);
  });
  await services.jobs.work(CAREGIVER_PASSES_QUEUE, async () => {
    await renewCaregiverPassesJob(services);
  });
  await services.jobs.work(BULK_QUEUE, async (data) => {
    await runSend(services, Number(data.propertyId), Number(data.sendId));
  });
  await services.jobs.work(EXPIRY_REMINDERS_QUEUE, async () => {
    await sendExpiryReminders(services);
  });
  // Notifications older than NOTIFICATION_DAYS (decision 0048).
  await services.jobs.work(NOTIFICATIONS_PURGE_QUEUE, async () => {
    await purgeNotifications(services);
  });
  // The planner's statistics, for a server whose autovacuum is off and for the embedded database (decision 0039).
  await services.jobs.work(STATISTICS_QUEUE, async () => {
    await analyzeStale(services.database);
  });
  await services.jobs.schedule(OUTBOX_SWEEP_QUEUE, '*/5 * * * *');
  await services.jobs.schedule(VISITOR_EXPIRY_QUEUE, VISITOR_EXPIRY_CRON);
  await services.jobs.schedule(CAREGIVER_PASSES_QUEUE, CAREGIVER_PASSES_CRON);
  await services.jobs.schedule(EXPIRY_REMINDERS_QUEUE, EXPIRY_REMINDERS_CRON);
  await services.jobs.schedule(STATISTICS_QUEUE, STATISTICS_CRON);
  await services.jobs.schedule(NOTIFICATIONS_PURGE_QUEUE, NOTIFICATIONS_PURGE_CRON);
}
