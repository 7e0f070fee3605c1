import { describe, expect, it } from 'vitest';
import { weekdayName } from './parts';

describe('weekdayName', () => {
  it('names the days as the contract numbers them (0 = Sunday), in the page language', () => {
    expect([0, 1, 6].map((d) => weekdayName(d, 'en'))).toEqual(['Sun', 'Mon', 'Sat']);
    expect(weekdayName(1, 'en', 'long')).toBe('Monday');
    expect(weekdayName(4, 'es', 'long')).toBe('jueves');
    expect(weekdayName(0, 'zh-CN', 'long')).toBe('星期日');
  });
});
