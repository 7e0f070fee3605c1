export * from './constants';
export * from './errors';
export * from './list-query';
export * from './permissions';
export * from './routes';
export * from './auth';
export * from './form-data';
