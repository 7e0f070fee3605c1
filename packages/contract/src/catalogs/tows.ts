import { catalogListQuery } from './catalog';

export const towsListQuery = catalogListQuery();
