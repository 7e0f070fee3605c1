import { CATALOG_NAME_LANGUAGES, CATALOG_POSITION_MAX, type CatalogNames } from '@parkade/contract';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../platform/stores';
import { NumberInput, TextInput, useFormMode } from '../../ui/fields';

/**
 * A catalog entry's name in each other language offered where the user works (issue 36 §9; centrally, where
 * catalogs are written: the installation's active languages): optional, beside the default name (required). A
 * reader in that language sees it in lists and pickers; with none, the default name. Then the entry's place in
 * lists and pickers (issue 36 §13: "First warning" before "Final warning"), optional. Every catalog form has both.
 */
export function CatalogNameFields() {
  const { t } = useTranslation();
  const mode = useFormMode();
  const offered = useAuthStore((s) => s.user?.languages);
  const languages = CATALOG_NAME_LANGUAGES.filter((l) => !offered || offered.includes(l));
  return (
    <>
      {languages.map((l) => (
        <TextInput
          key={l}
          name={`names.${l}`}
          label={t(`catalogs.nameIn.${l}`)}
          helperText={mode === 'show' ? undefined : t('catalogs.nameInHint')}
        />
      ))}
      <NumberInput
        name="position"
        label={t('catalogs.position')}
        helperText={mode === 'show' ? undefined : t('catalogs.positionHint')}
        step={1}
        min={1}
        max={CATALOG_POSITION_MAX}
      />
    </>
  );
}

/** The form's values of the names: one text per language, empty when the entry has none. */
export const namesValues = (names: CatalogNames | undefined): Record<string, string> =>
  Object.fromEntries(CATALOG_NAME_LANGUAGES.map((l) => [l, names?.[l] ?? '']));
