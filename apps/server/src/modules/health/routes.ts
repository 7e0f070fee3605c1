import { z } from 'zod';
import { defineRoute } from '../../platform/http';

const healthAnswer = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * GET /api/health: 200 `{ status: 'ok' }` when the database and the job queue answer, 503
 * `{ status: 'unavailable' }` otherwise. It is public, so it tells the status only: what failed (an error
 * message may name hosts, users or versions) goes to the log, with the request id.
 */
export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    areas: ['central'],
    mountAt: '/api/health',
    access: 'public',
    summary: 'Whether the product can serve: the database and the job queue answer (details in the log)',
    transaction: false,
    schema: { response: { 200: healthAnswer, 503: healthAnswer } },
    async handler(ctx) {
      let database = 'ok';
      try {
        await ctx.services.database.executeSql('select 1');
      } catch (e) {
        database = (e as Error).message;
      }
      const jobs = await ctx.services.jobs.health();
      const ok = database === 'ok' && jobs === 'ok';
      if (!ok) ctx.req.log.error({ database, jobs }, 'health check failed');
      ctx.reply.code(ok ? 200 : 503);
      return { status: ok ? 'ok' : 'unavailable' };
    },
  }),
];
