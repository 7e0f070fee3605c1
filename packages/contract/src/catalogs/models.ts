import { catalogListQuery } from './catalog';

/** filter[makeId]=3 lists one make's models (the vehicle form's model select); include=make embeds the make. */
export const modelsListQuery = catalogListQuery({ filters: ['makeId'], includes: ['make'] });
