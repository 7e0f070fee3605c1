import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { bundledResources } from '../platform/bundled-translations';
import i18n from '../platform/i18n';

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

// The app fetches its texts from the API one language at a time; components under test get the shipped texts.
for (const [language, { translation }] of Object.entries(bundledResources()))
  i18n.addResourceBundle(language, 'translation', translation, true, true);
