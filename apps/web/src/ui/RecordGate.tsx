import { Alert, Box, CircularProgress } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../platform/errors';
import { LinkButton } from './AppLink';
import { QueryError } from './QueryError';

/**
 * One record from the API, or its loading, not-found and error states: a show or edit page renders its content only
 * once the record is there. Not found says `missing` and leads back to the list (`listHref`, named `listName`).
 */
export function RecordGate<T>({
  query,
  missing,
  listHref,
  listName,
  children,
}: {
  query: UseQueryResult<T, RequestError>;
  missing: string;
  listHref: string;
  listName: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  if (query.isError) {
    if (query.error instanceof RequestError && query.error.statusCode === 404)
      return (
        <Alert
          severity="warning"
          action={
            <LinkButton href={listHref} color="inherit" size="small">
              {t('resource.backToList', { list: listName })}
            </LinkButton>
          }
        >
          {missing}
        </Alert>
      );
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
