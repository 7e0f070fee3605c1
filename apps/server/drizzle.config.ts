import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables and the platform's own (src/schema.ts derives the same set from the module registry).
  schema: [
    './apps/server/src/modules/*/table.ts',
    './apps/server/src/platform/db/search-words.ts',
    './apps/server/src/platform/db/throttle-table.ts',
    './apps/server/src/platform/db/jobs-done-table.ts',
  ],
  out: './apps/server/migrations',
  casing: undefined,
});
