import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting';

describe('home greeting', () => {
  it('follows the hour of the day', () => {
    expect(greetingKey(4)).toBe('shell.home.evening');
    expect(greetingKey(5)).toBe('shell.home.morning');
    expect(greetingKey(11)).toBe('shell.home.morning');
    expect(greetingKey(12)).toBe('shell.home.afternoon');
    expect(greetingKey(17)).toBe('shell.home.afternoon');
    expect(greetingKey(18)).toBe('shell.home.evening');
    expect(greetingKey(23)).toBe('shell.home.evening');
  });
});
