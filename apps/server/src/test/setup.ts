/**
 * Every server test file: a test fails on an unexpected console.error, as the web tests do (DESIGN §9). The
 * server logs through its logger, never the console, so anything written there is a bug or a leaked warning.
 * Files share a worker process (decision 0035): console.error is wrapped once per process, and what a file's tests
 * wrote is checked after each of its tests.
 */
import { afterEach, expect } from 'vitest';

const KEY = Symbol.for('parkade.consoleErrors');
const holder = globalThis as unknown as Record<symbol, string[] | undefined>;
let written = holder[KEY];
if (!written) {
  const lines: string[] = [];
  holder[KEY] = written = lines;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    lines.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
    original(...args);
  };
}
const errors = written;

afterEach(() => {
  expect(errors.splice(0), 'console.error was written during this test').toEqual([]);
});
