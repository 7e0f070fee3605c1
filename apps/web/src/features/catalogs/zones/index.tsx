import { zonesCatalog, type ZoneBody, type ZoneItem } from '@parkade/contract';
import { catalogScreens } from '../catalog-screens';
import { ZoneFields } from './ZoneFields';

/** Zones: code from the name, county, cities, zip codes chosen by city (SPEC §2.5, §3). */
export const zones = catalogScreens<ZoneItem, ZoneBody>({
  contract: zonesCatalog,
  Fields: ZoneFields,
  emptyValues: { county: '', cities: [], zipCodes: [], zipCodesByCity: {} },
  toValues: (z) => ({
    county: z.county,
    cities: z.cities,
    zipCodes: z.zipCodes,
    zipCodesByCity: z.zipCodesByCity,
  }),
  secondaryCode: true,
  columns: (t) => [
    { field: 'county', headerName: t('fields.county'), minWidth: 120 },
    {
      field: 'cities',
      headerName: t('fields.cities'),
      sortable: false,
      secondary: true,
      minWidth: 160,
      flex: 1.2,
      valueGetter: (cities: string[]) => cities.join(', '),
    },
    {
      field: 'zipCodes',
      headerName: t('fields.zipCodes'),
      sortable: false,
      secondary: true,
      minWidth: 110,
      flex: 0.6,
      type: 'number',
      valueGetter: (zips: string[]) => zips.length,
    },
  ],
});
