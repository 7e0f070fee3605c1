/** Every table of the application, for Drizzle and drizzle-kit. A new module adds its table.ts here. */
export * from './modules/properties/table';
export * from './modules/roles/table';
export * from './modules/users/table';
export * from './modules/auth/table';
export * from './modules/binnacle/table';
export * from './modules/langs/table';
export * from './modules/files/table';
export * from './modules/outbox/table';
