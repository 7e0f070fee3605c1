import type { Language } from '@parkade/contract';
import { Badge, Tab, Tabs } from '@mui/material';
import { useId } from 'react';
import { localeTag, nativeName } from '../platform/language';

/*
 * Tabs per language of the property, for the screens that edit a text in each of them (email templates, documents).
 */

/** A language named in itself ("Español"), whatever language the page is in. */
export const languageName = nativeName;

/** The tab to open first: the reader's own language when the property has it, else the property's first. */
export function firstLanguage(languages: readonly Language[], reader: Language): Language {
  return languages.includes(reader) ? reader : (languages[0] ?? reader);
}

/** The ids that tie each language's tab to its panel. */
export function useTabIds() {
  const base = useId();
  return {
    tab: (language: string) => `${base}-tab-${language}`,
    panel: (language: string) => `${base}-panel-${language}`,
  };
}

/**
 * A tab per language of the property, each named in itself; `mark` flags a tab (its text changed, or it has an
 * error) with a dot.
 */
export function LanguageTabs({
  languages,
  value,
  onChange,
  ids,
  mark,
  label,
}: {
  languages: readonly Language[];
  value: Language;
  onChange: (language: Language) => void;
  ids: ReturnType<typeof useTabIds>;
  mark?: (language: Language) => 'changed' | 'error' | null;
  /** What the tabs choose, for assistive technology ("Languages"). */
  label: string;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_e, v: Language) => onChange(v)}
      aria-label={label}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {languages.map((l) => {
        const flag = mark?.(l) ?? null;
        const name = <span lang={localeTag(l)}>{nativeName(l)}</span>;
        return (
          <Tab
            key={l}
            value={l}
            id={ids.tab(l)}
            aria-controls={ids.panel(l)}
            label={
              flag ? (
                <Badge variant="dot" color={flag === 'error' ? 'error' : 'primary'} sx={{ pr: 1 }}>
                  {name}
                </Badge>
              ) : (
                name
              )
            }
          />
        );
      })}
    </Tabs>
  );
}
