import { catalogListQuery } from './catalog';

export const warningsListQuery = catalogListQuery();
