import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { Button } from '@mui/material';
import type { LanguageCode } from '@parkade/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nativeName } from '../../platform/language';

/** The menu itself loads when first opened (or pointed at): the sign-in page shows only the button (decision 0017). */
const loadList = () => import('./LanguageMenuList');
const LanguageMenuList = lazy(loadList);

/**
 * The language switcher: only the given languages (the user's allowed ones, or the area's before signing in), each
 * named in itself. Hidden when there is nothing to choose. `busy` while a change is being saved.
 */
export function LanguageMenu({
  languages,
  value,
  onChange,
  busy = false,
  color = 'inherit',
}: {
  languages: readonly LanguageCode[];
  value: LanguageCode;
  onChange: (lng: LanguageCode) => void;
  busy?: boolean;
  color?: 'inherit' | 'primary';
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  if (languages.length < 2) return null;
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateOutlined />}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        // The accessible name starts with the visible code (WCAG 2.5.3, label in name): a voice user says what they see.
        aria-label={t('shell.language.change', { code: value.toUpperCase(), language: nativeName(value) })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        loading={busy}
        loadingPosition="start"
        sx={{ minWidth: 0, px: 1.25, fontWeight: 600 }}
      >
        {value.toUpperCase()}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenuList
            id={menuId}
            anchor={anchor}
            languages={languages}
            value={value}
            onClose={() => setAnchor(null)}
            onChange={onChange}
          />
        </Suspense>
      )}
    </>
  );
}
