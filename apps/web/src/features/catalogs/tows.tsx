import { towsCatalog, type TowBody, type TowItem } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { DateInput, DateTimeInput } from '../../ui/fields';
import { formatDate, formatDateTime } from '../../ui/locale';
import { catalogScreens } from './catalog-screens';

/** Tows: code and name plus the authorization date and the date-time from which the vehicle may be towed. */
function TowFields() {
  const { t } = useTranslation();
  return (
    <>
      <DateInput name="towAuthorizationDate" label={t('fields.towAuthorizationDate')} />
      <DateTimeInput name="readyToTowAt" label={t('fields.readyToTowAt')} />
    </>
  );
}

export const tows = catalogScreens<TowItem, TowBody>({
  contract: towsCatalog,
  ExtraFields: TowFields,
  emptyValues: { towAuthorizationDate: null, readyToTowAt: null },
  toValues: (tow) => ({ towAuthorizationDate: tow.towAuthorizationDate, readyToTowAt: tow.readyToTowAt }),
  columns: (t, locale) => [
    {
      field: 'towAuthorizationDate',
      headerName: t('fields.towAuthorizationDate'),
      sortable: false,
      secondary: true,
      minWidth: 150,
      valueFormatter: (v: string | null) => formatDate(v, locale),
    },
    {
      field: 'readyToTowAt',
      headerName: t('fields.readyToTowAt'),
      sortable: false,
      secondary: true,
      minWidth: 170,
      valueFormatter: (v: string | null) => formatDateTime(v, locale),
    },
  ],
});
