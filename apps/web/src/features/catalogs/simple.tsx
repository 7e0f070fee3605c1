import {
  makesCatalog,
  permitTypesCatalog,
  reasonsCatalog,
  requestTypesCatalog,
  statesCatalog,
  warningsCatalog,
  type MakeItem,
  type PermitTypeItem,
  type ReasonItem,
  type RequestTypeItem,
  type StateItem,
  type WarningItem,
} from '@parkade/contract';
import { Chip } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ReadOnlyField, SwitchInput, useFormMode } from '../../ui/fields';
import { catalogScreens } from './catalog-screens';

/** A system entry (built in: renamed, never deleted) says so on its page… */
function BuiltInField({ record }: { record?: { builtIn: boolean } }) {
  const { t } = useTranslation();
  const mode = useFormMode();
  if (mode !== 'show' || !record) return null;
  return (
    <ReadOnlyField label={t('fields.builtIn')}>{record.builtIn ? t('form.yes') : t('form.no')}</ReadOnlyField>
  );
}

/** …and in its catalog's list. */
const builtInColumn = (t: TFunction) => ({
  field: 'builtIn',
  headerName: t('fields.builtIn'),
  sortable: false,
  secondary: true,
  minWidth: 120,
  flex: 0.6,
  renderCell: ({ value }: { value?: unknown }) =>
    value ? <Chip size="small" label={t('catalogs.system')} color="primary" variant="outlined" /> : null,
});

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
  return (
    <>
      <SwitchInput
        name="vehicleRequired"
        label={t('fields.vehicleRequired')}
        helperText={() => t('permitTypes.vehicleRequiredHint')}
      />
      <BuiltInField record={record} />
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
    builtInColumn(t),
  ],
});

/** Request types (decision 0049): the system types (1 is a permit asked for) may be renamed but never deleted. */
export const requestTypes = catalogScreens<RequestTypeItem>({
  contract: requestTypesCatalog,
  ExtraFields: BuiltInField,
  canDelete: (item) => !item.builtIn,
  columns: (t) => [builtInColumn(t)],
});
