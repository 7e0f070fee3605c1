import { catalogListQuery } from './catalog';

export const makesListQuery = catalogListQuery();
