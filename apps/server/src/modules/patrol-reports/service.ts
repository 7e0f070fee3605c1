import type { CheckIn } from '@parkade/contract';
import { and, eq } from 'drizzle-orm';
import type { Scope } from '../../platform/scope';
import { patrolReports } from './table';

/** The audit log's name of a patrol report. */
export const REPORT_ENTITY = 'patrol_reports';

/** Opens the report of a new check-in (SPEC §5: a report exists only with a check-in), empty. */
export async function openReport(ctx: Scope, checkInId: number): Promise<number> {
  const user = ctx.user();
  const [row] = await ctx.tx
    .insert(patrolReports)
    .values({
      propertyId: ctx.propertyId,
      checkInId,
      userArea: ctx.area,
      userId: user.id,
      userName: user.fullName,
    })
    .returning({ id: patrolReports.id });
  await ctx.audit({ entity: REPORT_ENTITY, entityId: row!.id, action: 'create', new: { checkInId } });
  return row!.id;
}

/** Writes the summary of the report of an (active) check-in; audited with the old and new text. */
export async function saveReportSummary(ctx: Scope, checkIn: CheckIn, summary: string | null) {
  const where = and(eq(patrolReports.propertyId, ctx.propertyId), eq(patrolReports.checkInId, checkIn.id))!;
  const [old] = await ctx.tx.select().from(patrolReports).where(where).for('update');
  const id = old ? old.id : await openReport(ctx, checkIn.id);
  await ctx.tx
    .update(patrolReports)
    .set({ summary, updatedAt: new Date() })
    .where(and(eq(patrolReports.propertyId, ctx.propertyId), eq(patrolReports.id, id)));
  await ctx.audit({
    entity: REPORT_ENTITY,
    entityId: id,
    action: 'update',
    old: { summary: old?.summary ?? null },
    new: { summary },
  });
  return id;
}
