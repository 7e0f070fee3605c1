import { permitsListQuery, vehiclesListQuery } from '@parkade/contract';

/** A resident's vehicles and permits lists (nested pages); apart from the pages so that routes stay light. */
export const vehicleSpec = {
  filters: vehiclesListQuery.filters,
  sorts: vehiclesListQuery.sorts,
  defaultSort: vehiclesListQuery.defaultSort,
  include: ['permitType'],
};
export const permitSpec = {
  filters: permitsListQuery.filters,
  sorts: permitsListQuery.sorts,
  defaultSort: permitsListQuery.defaultSort,
  include: ['vehicle', 'permitType'],
};
