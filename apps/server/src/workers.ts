import {
  deliverMail,
  MAIL_LEASE_SECONDS,
  MAIL_QUEUE,
  OUTBOX_SWEEP_QUEUE,
  sweepOutbox,
} from './modules/outbox/mail';
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
import { RUN_SECONDS, runSend } from './modules/emails-sender/job';
import {
  NOTIFICATIONS_PURGE_CRON,
  NOTIFICATIONS_PURGE_QUEUE,
  purgeNotifications,
} from './modules/notifications/service';
import { analyzeStale, STATISTICS_CRON, STATISTICS_QUEUE } from './platform/db/statistics';

/**
 * Seconds a job of each queue may run before the queue takes its process for dead and retries it (decision 0053):
 * above the longest healthy run, as short as that allows, since a job whose process was killed waits this long (plus
 * the queue's maintenance interval, 30 s, and the retry's backoff) before it runs again.
 */
export const QUEUE_EXPIRY_SECONDS = {
  // One mail: nodemailer's own timeouts end a silent server in 10–20 s. The delivery's lease on the outbox row is as
  // long, so the retry after a kill finds the lease ended.
  [MAIL_QUEUE]: MAIL_LEASE_SECONDS,
  [OUTBOX_SWEEP_QUEUE]: 120,
  // 20,000 rows at about 1,200 a second are 17 s (decision 0039 §17); ten minutes leave room for a loaded server.
  [IMPORT_QUEUE]: 600,
  [POLICIES_QUEUE]: 300,
  [VISITOR_EXPIRY_QUEUE]: 300,
  [CAREGIVER_PASSES_QUEUE]: 300,
  // A run sends for RUN_SECONDS and then queues its continuation; the minute above it is its last batch.
  [BULK_QUEUE]: RUN_SECONDS + 60,
  [EXPIRY_REMINDERS_QUEUE]: 300,
  [NOTIFICATIONS_PURGE_QUEUE]: 300,
  [STATISTICS_QUEUE]: 300,
};

const expiry = (queue: keyof typeof QUEUE_EXPIRY_SECONDS) => ({
  expireInSeconds: QUEUE_EXPIRY_SECONDS[queue],
});

/** Job handlers; run in the web process by default, or alone with `npm run worker`. */
export async function registerWorkers(services: Services): Promise<void> {
  await services.jobs.work(
    MAIL_QUEUE,
    async (data) => {
      await deliverMail(services, Number(data.id));
    },
    expiry(MAIL_QUEUE),
  );
  await services.jobs.work(
    OUTBOX_SWEEP_QUEUE,
    async () => {
      await sweepOutbox(services.database, services.jobs);
    },
    expiry(OUTBOX_SWEEP_QUEUE),
  );
  await services.jobs.work(
    IMPORT_QUEUE,
    async (data) => {
      await importJob(services, Number(data.propertyId), Number(data.importId));
    },
    expiry(IMPORT_QUEUE),
  );
  await services.jobs.work(
    POLICIES_QUEUE,
    async (data, job) => {
      await writePolicyMails(services, Number(data.propertyId), (data.ids as number[]).map(Number), job);
    },
    expiry(POLICIES_QUEUE),
  );
  await services.jobs.work(
    VISITOR_EXPIRY_QUEUE,
    async () => {
      await expireVisitorPermits(services);
    },
    expiry(VISITOR_EXPIRY_QUEUE),
  );
  await services.jobs.work(
    CAREGIVER_PASSES_QUEUE,
    async () => {
      await renewCaregiverPassesJob(services);
    },
    expiry(CAREGIVER_PASSES_QUEUE),
  );
  await services.jobs.work(
    BULK_QUEUE,
    async (data) => {
      await runSend(services, Number(data.propertyId), Number(data.sendId));
    },
    expiry(BULK_QUEUE),
  );
  await services.jobs.work(
    EXPIRY_REMINDERS_QUEUE,
    async () => {
      await sendExpiryReminders(services);
    },
    expiry(EXPIRY_REMINDERS_QUEUE),
  );
  // Notifications older than NOTIFICATION_DAYS (decision 0048).
  await services.jobs.work(
    NOTIFICATIONS_PURGE_QUEUE,
    async () => {
      await purgeNotifications(services);
    },
    expiry(NOTIFICATIONS_PURGE_QUEUE),
  );
  // The planner's statistics, for a server whose autovacuum is off and for the embedded database (decision 0039).
  await services.jobs.work(
    STATISTICS_QUEUE,
    async () => {
      await analyzeStale(services.database);
    },
    expiry(STATISTICS_QUEUE),
  );
  await services.jobs.schedule(OUTBOX_SWEEP_QUEUE, '*/5 * * * *');
  await services.jobs.schedule(VISITOR_EXPIRY_QUEUE, VISITOR_EXPIRY_CRON);
  await services.jobs.schedule(CAREGIVER_PASSES_QUEUE, CAREGIVER_PASSES_CRON);
  await services.jobs.schedule(EXPIRY_REMINDERS_QUEUE, EXPIRY_REMINDERS_CRON);
  await services.jobs.schedule(STATISTICS_QUEUE, STATISTICS_CRON);
  await services.jobs.schedule(NOTIFICATIONS_PURGE_QUEUE, NOTIFICATIONS_PURGE_CRON);
}
