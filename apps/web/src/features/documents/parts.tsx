import { documentKindLabel, type DocumentItem, type DocumentKind } from '@parkade/contract';
import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useUiLocale } from '../../ui/locale';
import { RecordGate } from '../../ui/RecordGate';
import { documentQuery, DOCUMENTS } from './queries';

/** The document's name, as its pages title it ("Parking permit agreement"). */
export function useDocumentName(kind: DocumentKind): string {
  const { t } = useTranslation();
  return t(documentKindLabel(kind));
}

/** One document from the API, or its loading, not-found and error states. */
export function DocumentGate({
  kind,
  children,
}: {
  kind: DocumentKind;
  children: (doc: DocumentItem) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RecordGate
      query={useQuery(documentQuery(kind))}
      missing={t('documents.notFound')}
      listHref={DOCUMENTS}
      listName={t('shell.nav.documents')}
    >
      {children}
    </RecordGate>
  );
}

/** "Version 3" or "Shipped default", as a chip. */
export function VersionChip({ version, custom }: { version: number; custom: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={custom ? 'primary' : 'default'}
      variant={custom ? 'filled' : 'outlined'}
      label={
        version === 0
          ? t('documents.shippedDefault')
          : custom
            ? t('documents.versionN', { version })
            : t('documents.versionDefault', { version })
      }
    />
  );
}

/** Who saved the current version and when, or that it is the product's default. */
export function useSavedLine(at: string | null, by: string | null): string {
  const { t } = useTranslation();
  const locale = useUiLocale();
  if (!at) return t('documents.neverChanged');
  if (!by) return t('documents.defaultSignedAt', { when: formatDateTime(at, locale) });
  return t('documents.savedBy', { when: formatDateTime(at, locale), who: by });
}
