import { RESIDENTS_IMPORT_HEADERS } from '@parkade/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, type Tx } from '../../platform/db';
import { analyzeStale } from '../../platform/db/statistics';
import { inScope } from '../../platform/scope';
import { createProperty, createTestContext, type TestContext } from '../../test/harness';
import { buildings } from '../buildings/table';
import { units } from '../units/table';
import { runImport } from './import-job';
import { listResidents } from './service';
import { residentImports } from './table';

/*
 * The residents search stays an index search once a property is large (decision 0039 §17): planned on statistics
 * that still believe the tables empty, it read every resident and probed the word index once for each (seconds at
 * 20,000 residents). The page's statement is the product's own (captured as the list runs it) and EXPLAINed: the
 * word index must be read once, and residents only for its matches.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** A property with one building of ten units. */
async function property() {
  const { id: propertyId } = await createProperty(ctx.database);
  await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
    const [b] = await tx.insert(buildings).values({ propertyId, name: 'Tower A' }).returning();
    await tx
      .insert(units)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ propertyId, buildingId: b!.id, name: String(101 + i) })),
      );
  });
  return propertyId;
}

/**
 * The search's page statement as the residents list runs it for `term`, EXPLAINed as it runs: how many residents
 * it answered, and every node of its plan.
 */
async function searchPlan(propertyId: number, term: string) {
  const statements: { text: string; params: unknown[] }[] = [];
  const total = await inScope(ctx.services, { area: 'tenant', propertyId, lang: 'en' }, async (scope) => {
    // The transaction's own statements, as drizzle sends them.
    (scope.tx as unknown as { session: { logger: object } }).session.logger = {
      logQuery: (text: string, params: unknown[]) => statements.push({ text, params }),
    };
    return (await listResidents(scope, `filter[term]=${term}`)).meta.total;
  });
  const page = statements.find((s) => s.text.includes('search_words') && s.text.includes('limit'));
  expect(page, 'the search statement').toBeDefined();
  const plan = await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx: Tx) => {
    const [row] = await query<Record<string, unknown>>(
      tx,
      sql.raw(
        `explain (analyze, format json) ${page!.text.replace(/\$(\d+)/g, (_, i: string) => literal(page!.params[Number(i) - 1]))}`,
      ),
    );
    const json = Object.values(row!)[0];
    return (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  });
  return { total, nodes: nodes(plan[0]!.Plan) };
}
const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** The word index is the driving side: read once, and residents are read for its matches only. */
function expectWordDriven(plan: Awaited<ReturnType<typeof searchPlan>>, matches: number) {
  expect(plan.total).toBe(matches);
  const words = plan.nodes.filter((n) => n['Relation Name'] === 'search_words');
  expect(words.map((n) => n['Actual Loops'])).toEqual([1]);
  const read = plan.nodes
    .filter((n) => n['Relation Name'] === 'residents')
    .reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);
  expect(read).toBeLessThanOrEqual(matches);
}

describe('the residents search after a bulk write', () => {
  it('an import analyses the tables it grew: the search reads the word index, not every resident', async () => {
    const propertyId = await property();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Residents');
    ws.addRow([...RESIDENTS_IMPORT_HEADERS]);
    for (let i = 0; i < 1000; i++)
      ws.addRow([
        `${i % 100 ? 'Smith' : 'Okafor'} ${i}`,
        `r${i}@plan.test`,
        '',
        'Tower A',
        String(101 + (i % 10)),
        '',
        'en',
        '',
      ]);
    const storageKey = await ctx.services.storage.put('xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const importId = await ctx.database.withScope(
      { area: 'tenant', propertyId },
      async (tx) =>
        (
          await tx
            .insert(residentImports)
            .values({ propertyId, fileName: 'plan.xlsx', storageKey })
            .returning({ id: residentImports.id })
        )[0]!.id,
    );
    await runImport(ctx.services, propertyId, importId);
    expectWordDriven(await searchPlan(propertyId, 'okafor'), 10);
  });

  it('rows written in bulk without analysis: the periodic job analyses them', async () => {
    const propertyId = await property();
    // 20,000 residents in one statement per table (as a restore or a script would write them), each with the words
    // the index holds for their surname; every 1,000th an Okafor.
    await ctx.database.withScope({ area: 'tenant', propertyId }, async (tx) => {
      await tx.execute(sql`insert into tenant_users (property_id, type, full_name, email, password_hash)
        select ${propertyId}, 'tenant-resident', case when g % 1000 = 0 then 'Okafor' else 'Smith' end,
          'bulk' || g || '@plan.test', '!'
        from generate_series(1, 20000) g`);
      await tx.execute(sql`insert into residents (property_id, id, search)
        select property_id, id, lower(full_name) from tenant_users where property_id = ${propertyId}`);
      await tx.execute(sql`insert into search_words (property_id, entity, entity_id, word)
        select ${propertyId}, 'residents', r.id, substr(r.search, i)
        from residents r, generate_series(1, length(r.search)) i where r.property_id = ${propertyId}`);
    });
    const analysed = await analyzeStale(ctx.database);
    expect(analysed).toEqual(expect.arrayContaining(['residents', 'search_words', 'tenant_users']));
    expectWordDriven(await searchPlan(propertyId, 'okafor'), 20);
  });
});
