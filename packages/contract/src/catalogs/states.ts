import { catalogListQuery } from './catalog';

export const statesListQuery = catalogListQuery();
