import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A test fails on any console error (DESIGN §9, epic-stack): React warnings are bugs.
const original = console.error;
afterEach(() => {
  cleanup();
  localStorage.clear();
});
console.error = (...args: unknown[]) => {
  original(...args);
  throw new Error(`console.error: ${args.map(String).join(' ')}`);
};
vi.stubGlobal('scrollTo', () => {});
