import { describe, expect, it } from 'vitest';
import { levelOrdinal } from './ordinals';

describe('the ordinal suffix map (SPEC §9)', () => {
  it('writes levels 1 to 10 as ordinals in each language, and any other level as its number', () => {
    expect([1, 2, 3, 4, 10].map((n) => levelOrdinal(n, 'en'))).toEqual(['1st', '2nd', '3rd', '4th', '10th']);
    expect([1, 2, 10].map((n) => levelOrdinal(n, 'es'))).toEqual(['1.º', '2.º', '10.º']);
    expect(levelOrdinal(3, 'zh')).toBe('3层');
    expect([0, -1, 11, 21, 2.5].map((n) => levelOrdinal(n, 'en'))).toEqual(['0', '-1', '11', '21', '2.5']);
  });
});
