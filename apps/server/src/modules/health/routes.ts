import { z } from 'zod';
import { defineRoute } from '../../platform/http';

/** GET /api/health: the database and the job queue. 503 when either is down. */
export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    areas: ['central'],
    mountAt: '/api/health',
    access: 'public',
    summary: 'Health of the database and the job queue',
    transaction: false,
    schema: {
      response: {
        200: z.object({ status: z.string(), database: z.string(), jobs: z.string(), uptime: z.number() }),
        503: z.object({ status: z.string(), database: z.string(), jobs: z.string(), uptime: z.number() }),
      },
    },
    async handler(ctx) {
      let database = 'ok';
      try {
        await ctx.services.database.executeSql('select 1');
      } catch (e) {
        database = (e as Error).message;
      }
      const jobs = await ctx.services.jobs.health();
      const ok = database === 'ok' && jobs === 'ok';
      ctx.reply.code(ok ? 200 : 503);
      return { status: ok ? 'ok' : 'degraded', database, jobs, uptime: Math.round(process.uptime()) };
    },
  }),
];
