import type { BulkOutcome } from '@parkade/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inScope } from '../../platform/scope';
import { visitorFixture } from '../../test/factories/visitors';
import { createProperty } from '../../test/harness';
import { ok, tenantSuite } from '../../test/suite';
import { binnacle } from '../binnacle/table';
import { mailOutbox } from '../outbox/table';
import { visitors } from './table';

/**
 * The visitors list's bulk approval (decision 0039, "Also expected: row selection and bulk actions"): each request
 * through the one-row approval's own function — the permit valid from now, the visitor who registered themselves
 * emailed, one audit entry each — or skipped with the reason; another property's request is never touched.
 */
const s = tenantSuite({ role: 'manager' });
let n = 0;

/** A request from the poster waiting for approval, by a visitor who gave an email, in the property given. */
async function pendingRequest(propertyId = s.propertyId) {
  n += 1;
  const email = `guest${n}@bulk-visitors.test`;
  const id = await inScope(s.ctx.services, { area: 'tenant', propertyId }, async (scope) => {
    const made = Number((await visitorFixture.create(scope, { userId: 0 })).id);
    await scope.tx
      .update(visitors)
      .set({ permitStatus: 'pending', source: 'poster', email, name: `Guest ${n}` })
      .where(eq(visitors.id, made));
    return made;
  });
  return { id, email };
}

const rowsOf = (ids: number[]) =>
  s.ctx.database.withScope({ area: 'central' }, (tx) =>
    tx
      .select({ id: visitors.id, status: visitors.permitStatus, validFrom: visitors.validFrom })
      .from(visitors)
      .where(inArray(visitors.id, ids))
      .orderBy(visitors.id),
  );
const decisionMails = (to: string) =>
  s.inProperty((tx) =>
    tx
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'visitor-approved'))),
  );

describe('POST /visitors/bulk/approve', () => {
  it('approves the pending requests, mails each visitor, audits each; the others are skipped', async () => {
    const [a, b, c] = [await pendingRequest(), await pendingRequest(), await pendingRequest()];
    await ok(await s.call('POST', `/visitors/${c.id}/approve`, {}));
    const before = Date.now();
    const answer = await ok<BulkOutcome>(
      await s.call('POST', '/visitors/bulk/approve', { ids: [c.id, b.id, a.id] }, { lang: 'es' }),
    );
    expect(answer.done).toBe(2);
    expect(answer.skipped).toEqual([
      {
        id: c.id,
        label: expect.stringMatching(/^Guest \d+ · VS/) as string,
        reason: 'Un permiso de visitante en estado «Válido» no admite la acción «Aprobar».',
      },
    ]);
    const rows = await rowsOf([a.id, b.id]);
    expect(rows.map((r) => r.status)).toEqual(['valid', 'valid']);
    // The permit's time starts at its approval (decision 0039 §8), as the one-row approval does.
    for (const r of rows) expect(r.validFrom!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The visitor who registered through the poster is told, once each, as the one-row approval does.
    for (const v of [a, b]) expect(await decisionMails(v.email)).toHaveLength(1);
    const audit = await s.inProperty((tx) =>
      tx
        .select({ entityId: binnacle.entityId })
        .from(binnacle)
        .where(
          and(
            eq(binnacle.entity, 'visitors'),
            eq(binnacle.action, 'approve'),
            inArray(binnacle.entityId, [String(a.id), String(b.id)]),
          ),
        ),
    );
    expect(audit.map((e) => Number(e.entityId)).sort()).toEqual([a.id, b.id].sort());
  });

  it("skips another property's request as not found: it stays pending and nobody is mailed", async () => {
    const other = await createProperty(s.ctx.database);
    const foreign = await pendingRequest(other.id);
    const answer = await ok<BulkOutcome>(
      await s.call('POST', '/visitors/bulk/approve', { ids: [foreign.id] }),
    );
    expect(answer).toEqual({
      done: 0,
      skipped: [{ id: foreign.id, label: null, reason: 'Not found in this property' }],
    });
    expect((await rowsOf([foreign.id]))[0]!.status).toBe('pending');
    const mails = await s.ctx.database.withScope({ area: 'central' }, (tx) =>
      tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, foreign.email)),
    );
    expect(mails).toEqual([]);
  });
});
