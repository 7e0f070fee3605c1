/** Every table of the application, for Drizzle and drizzle-kit. A new module adds its table.ts here. */
export * from './modules/properties/table';
export * from './modules/roles/table';
export * from './modules/users/table';
export * from './modules/auth/table';
export * from './modules/binnacle/table';
export * from './modules/langs/table';
export * from './modules/files/table';
export * from './modules/outbox/table';
export * from './modules/zones/table';
export * from './modules/states/table';
export * from './modules/tows/table';
export * from './modules/warnings/table';
export * from './modules/reasons/table';
export * from './modules/permit-types/table';
export * from './modules/makes/table';
export * from './modules/models/table';
