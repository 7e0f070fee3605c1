import { deliverMail, MAIL_QUEUE, OUTBOX_SWEEP_QUEUE, sweepOutbox } from './platform/mail';
import type { Services } from './platform/http';

/** Job handlers; run in the web process by default, or alone with `npm run worker`. */
export async function registerWorkers(services: Services): Promise<void> {
  await services.jobs.work(MAIL_QUEUE, async (data) => {
    await deliverMail(services.database, services.env, Number(data.id));
  });
  await services.jobs.work(OUTBOX_SWEEP_QUEUE, async () => {
    await sweepOutbox(services.database, services.jobs);
  });
  await services.jobs.schedule(OUTBOX_SWEEP_QUEUE, '*/5 * * * *');
}
