/**
 * Every server test file: a test fails on an unexpected console.error, as the web tests do (DESIGN §9). The
 * server logs through its logger, never the console, so anything written there is a bug or a leaked warning.
 */
import { afterEach, expect } from 'vitest';

const written: string[] = [];
const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  written.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
  original(...args);
};

afterEach(() => {
  const errors = written.splice(0);
  expect(errors, 'console.error was written during this test').toEqual([]);
});
