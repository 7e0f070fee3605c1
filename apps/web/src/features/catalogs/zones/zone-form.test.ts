import { describe, expect, it } from 'vitest';
import {
  followZoneCode,
  groupZipCodes,
  isZipCode,
  normalizeZip,
  proposedZoneCode,
  setZipCodesOfCity,
  zipCodeTotal,
  assignmentOf,
  byCityOf,
} from './zone-form';

describe('zone code from the name', () => {
  it('is a slug of at most 50 characters', () => {
    expect(proposedZoneCode('Zona Río Grande — Norte')).toBe('zona-rio-grande-norte');
    const long = proposedZoneCode('Greater Northwest Metropolitan Corridor of the Twin Lakes and Hills');
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toBe('greater-northwest-metropolitan-corridor-of-the-twi');
    expect(proposedZoneCode('  ')).toBe('');
    // Nothing latin left (a Chinese name): the server's fallback.
    expect(proposedZoneCode('北区')).toBe('zone');
  });

  it('follows the name until the user types a code of their own', () => {
    let state = { code: '', lastProposed: '' as string | null };
    for (const name of ['N', 'No', 'North Austin'])
      state = followZoneCode(name, state.code, state.lastProposed);
    expect(state.code).toBe('north-austin');
    // The user edits the code: renaming no longer touches it.
    state = followZoneCode('North Austin 2', 'na-01', state.lastProposed);
    expect(state.code).toBe('na-01');
    state = followZoneCode('North Austin 3', state.code, state.lastProposed);
    expect(state.code).toBe('na-01');
    // Clearing the code hands it back to the name.
    expect(followZoneCode('North Austin 3', '', state.lastProposed).code).toBe('north-austin-3');
  });

  it('never follows when editing a saved zone', () => {
    expect(followZoneCode('New name', 'old-code', null)).toEqual({ code: 'old-code', lastProposed: null });
  });
});

describe('zip codes', () => {
  it('are exactly 5 digits', () => {
    expect(isZipCode('78701')).toBe(true);
    for (const bad of ['7870', '787011', '7870a', '', ' 78701']) expect(isZipCode(bad)).toBe(false);
    expect(normalizeZip(' 787 01 ')).toBe('78701');
  });

  it('count the distinct zip codes selected', () => {
    expect(zipCodeTotal(['78701', '78702', '78701', ' 78702', ''])).toBe(2);
    expect(zipCodeTotal([])).toBe(0);
  });

  it('are grouped by the city they were entered under; one city takes them all', () => {
    expect(groupZipCodes(['Austin'], ['78701', '78702'], {})).toEqual({
      byCity: [{ city: 'Austin', zips: ['78701', '78702'] }],
      other: [],
    });
    expect(
      groupZipCodes(['Austin', 'Round Rock'], ['78701', '78664', '78660'], {
        '78664': 'Round Rock',
        '78701': 'Austin',
      }),
    ).toEqual({
      byCity: [
        { city: 'Austin', zips: ['78701'] },
        { city: 'Round Rock', zips: ['78664'] },
      ],
      other: ['78660'],
    });
  });

  it('replace one city’s zip codes, moving a zip typed under another city', () => {
    const cities = ['Austin', 'Round Rock'];
    let s = setZipCodesOfCity(cities, [], {}, 'Austin', ['78701', '78702']);
    s = setZipCodesOfCity(cities, s.zipCodes, s.assignment, 'Round Rock', ['78664', '78702']);
    expect(s.zipCodes).toEqual(['78701', '78702', '78664']);
    expect(groupZipCodes(cities, s.zipCodes, s.assignment).byCity).toEqual([
      { city: 'Austin', zips: ['78701'] },
      { city: 'Round Rock', zips: ['78702', '78664'] },
    ]);
    s = setZipCodesOfCity(cities, s.zipCodes, s.assignment, 'Austin', []);
    expect(s.zipCodes).toEqual(['78702', '78664']);
    expect(zipCodeTotal(s.zipCodes)).toBe(2);
  });
});

describe('the grouping kept with a zone', () => {
  it('turns city → zip codes into zip code → city and back', () => {
    const byCity = { Austin: ['78701', '78702'], 'Round Rock': ['78664'] };
    const assignment = assignmentOf(byCity);
    expect(assignment).toEqual({ '78701': 'Austin', '78702': 'Austin', '78664': 'Round Rock' });
    expect(byCityOf(assignment)).toEqual(byCity);
    expect(assignmentOf(undefined)).toEqual({});
  });
});
