import {
  makesCatalog,
  permitTypesCatalog,
  reasonsCatalog,
  statesCatalog,
  warningsCatalog,
  type MakeItem,
  type PermitTypeItem,
  type ReasonItem,
  type StateItem,
  type WarningItem,
} from '@parkade/contract';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ReadOnlyField, SwitchInput, useFormMode } from '../../ui/fields';
import { catalogScreens } from './catalog-screens';

/** The catalogs that are a code and a name, nothing more: one line each. */
export const states = catalogScreens<StateItem>({ contract: statesCatalog });
export const warnings = catalogScreens<WarningItem>({ contract: warningsCatalog });
export const reasons = catalogScreens<ReasonItem>({ contract: reasonsCatalog });
export const makes = catalogScreens<MakeItem>({ contract: makesCatalog });

/**
 * Permit types: the system types (id 2 is the reserved spot) may be renamed but never deleted. Whether a permit of
 * the type must name a vehicle (decision 0039 §11) is the type's own switch.
 */
function PermitTypeFields({ record }: { record?: PermitTypeItem }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  return (
    <>
      <SwitchInput
        name="vehicleRequired"
        label={t('fields.vehicleRequired')}
        helperText={() => t('permitTypes.vehicleRequiredHint')}
      />
      {mode === 'show' && record && (
        <ReadOnlyField label={t('fields.builtIn')}>
          {record.builtIn ? t('form.yes') : t('form.no')}
        </ReadOnlyField>
      )}
    </>
  );
}

export const permitTypes = catalogScreens<PermitTypeItem, { vehicleRequired: boolean }>({
  contract: permitTypesCatalog,
  ExtraFields: PermitTypeFields,
  emptyValues: { vehicleRequired: true },
  toValues: (item) => ({ vehicleRequired: item.vehicleRequired }),
  canDelete: (item) => !item.builtIn,
  columns: (t) => [
    {
      field: 'vehicleRequired',
      headerName: t('fields.vehicleRequired'),
      sortable: false,
      secondary: true,
      minWidth: 140,
      flex: 0.6,
      valueFormatter: (v: boolean) => (v ? t('form.yes') : t('form.no')),
    },
    {
      field: 'builtIn',
      headerName: t('fields.builtIn'),
      sortable: false,
      secondary: true,
      minWidth: 120,
      flex: 0.6,
      renderCell: ({ value }) =>
        value ? (
          <Chip size="small" label={t('permitTypes.system')} color="primary" variant="outlined" />
        ) : null,
    },
  ],
});
