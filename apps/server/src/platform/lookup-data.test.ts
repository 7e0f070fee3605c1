import {
  observationSchema,
  offlineLookupSchema,
  patrolReportSchema,
  permitWarningItemSchema,
  permitWarningListItemSchema,
  plateLookupSchema,
} from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from './http';
import { carriesLookupData, lookupPlaces, lookupValuesOf, withoutLookupData } from './lookup-data';

/** Lookup data found through a response schema, wherever it sits and whatever its key (decision 0038). */
const lookup = { plate: 'ABC1', checkedAt: '2026-01-01T00:00:00.000Z', matches: [] };

describe('lookup data in a response schema', () => {
  it('is found at every depth, with whether null may stand there', () => {
    expect(lookupPlaces(patrolReportSchema)).toEqual([
      { path: 'observationList[].lookup', nullable: true },
      { path: 'observationList[].changedFrom', nullable: true },
    ]);
    expect(lookupPlaces(plateLookupSchema)).toEqual([{ path: '(the answer)', nullable: false }]);
    expect(carriesLookupData(offlineLookupSchema)).toBe(true);
    expect(
      carriesLookupData(z.object({ checkedOn: z.array(z.object({ v: plateLookupSchema.optional() })) })),
    ).toBe(true);
    expect(carriesLookupData(permitWarningItemSchema)).toBe(true);
    expect(carriesLookupData(permitWarningListItemSchema)).toBe(false);
    expect(carriesLookupData(undefined)).toBe(false);
  });

  it('is made null in an answer, the rest of it unchanged', () => {
    const observation = { id: 1, notes: 'Seen', lookup, changedFrom: 'permitted', duplicate: false };
    const report = { id: 7, summary: 'Quiet', observationList: [observation, { ...observation, id: 2 }] };
    const stripped = withoutLookupData(patrolReportSchema, report) as typeof report;
    expect(stripped.observationList).toEqual([
      { ...observation, lookup: null, changedFrom: null },
      { ...observation, id: 2, lookup: null, changedFrom: null },
    ]);
    expect(stripped.summary).toBe('Quiet');
    expect(report.observationList[0]!.lookup).toBe(lookup);
    expect(lookupValuesOf(patrolReportSchema, report)).toEqual([lookup, 'permitted', lookup, 'permitted']);
    expect(lookupValuesOf(patrolReportSchema, stripped)).toEqual([]);
    // A key absent from the answer stays absent.
    expect(withoutLookupData(permitWarningItemSchema, { id: 3 })).toEqual({ id: 3 });
    expect(withoutLookupData(observationSchema, null)).toBeNull();
  });
});

describe('a round-only route', () => {
  const route = {
    areas: ['tenant'] as const,
    access: 'patrolling.observe' as const,
    summary: 'x',
    roundOnly: true,
  };
  it('answers its lookup data as nullable when it is a write, and works on one property', () => {
    expect(() =>
      defineRoute({
        ...route,
        method: 'POST',
        url: '/x',
        schema: { response: { 200: plateLookupSchema } },
        handler: async () => null,
      }),
    ).toThrow(/must be nullable \(\(the answer\)\)/);
    expect(() =>
      defineRoute({
        ...route,
        method: 'POST',
        url: '/x',
        schema: { response: { 200: observationSchema } },
        handler: async () => null,
      }),
    ).not.toThrow();
    expect(() =>
      defineRoute({
        ...route,
        areas: ['tenant', 'central'],
        method: 'GET',
        url: '/x',
        handler: async () => null,
      }),
    ).toThrow(/propertyScoped/);
  });
});
