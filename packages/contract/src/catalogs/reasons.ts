import { catalogListQuery } from './catalog';

export const reasonsListQuery = catalogListQuery();
