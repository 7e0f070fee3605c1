import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyOption } from '@parkade/contract';
import { usePropertyStore } from '../platform/stores';
import { useArea } from './access';
import { RecordPicker } from './fields';
import { ShownTimeZone } from './locale';
import { useList } from './resource';

/**
 * The properties the signed-in central user may work on (GET /properties/options): every one to a holder of
 * properties.index, the active ones (those patrolled) to other staff — the list every central property picker
 * reads, so none offers "No options" to an inspector (decision 0039 §1).
 */
export const PROPERTY_OPTIONS = '/properties/options';

/** One of those properties by its id (a filter's chosen property), or undefined until known. */
export function usePropertyOption(id: number | null): PropertyOption | undefined {
  const row = useList<PropertyOption>(
    PROPERTY_OPTIONS,
    { page: 1, pageSize: 1, filter: { id: [String(id ?? 0)] } },
    { enabled: id !== null },
  ).data?.data[0];
  return row && row.id === id ? row : undefined;
}

/**
 * Wraps a screen that works on one property's rows (buildings, units, spots, the map…). In a tenant area that is
 * the host's property: the children render as they are. In the central area the screen needs the selected
 * property (sent as X-Property by the API client): without one it asks for it; with one it names it above the
 * screen with a way to change it, and the screen shows its times in that property's zone (ShownTimeZone; decision
 * 0039 §12). Changing it drops every cached answer, so nothing of the previous property shows.
 */
export function PropertyScoped({ children }: { children: ReactNode }) {
  const area = useArea();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const propertyId = usePropertyStore((s) => s.propertyId);
  const propertyName = usePropertyStore((s) => s.propertyName);
  const select = usePropertyStore((s) => s.select);
  const storedZone = usePropertyStore((s) => s.propertyTimeZone);
  const [choosing, setChoosing] = useState(false);
  const previous = useRef(propertyId);
  // A property chosen before its zone was kept with it (or by a picker that does not know it): read once.
  const option = usePropertyOption(area === 'central' && !storedZone ? propertyId : null);
  useEffect(() => {
    if (!storedZone && option?.timezone && option.id === propertyId)
      select({ propertyId: option.id, propertyTimeZone: option.timezone });
  }, [storedZone, option, propertyId, select]);

  useEffect(() => {
    if (previous.current !== propertyId) {
      previous.current = propertyId;
      queryClient.removeQueries();
    }
  }, [propertyId, queryClient]);

  if (area === 'tenant') return <>{children}</>;

  const picker = (
    <RecordPicker
      resource={PROPERTY_OPTIONS}
      sort="label"
      label={t('propertyScope.property')}
      value={propertyId ? { id: propertyId, label: propertyName ?? `#${propertyId}` } : null}
      onChange={(v) => {
        if (v)
          select({
            propertyId: v.id,
            propertyName: v.label,
            propertyCountry: typeof v.row?.country === 'string' ? v.row.country : null,
            propertyTimeZone: typeof v.row?.timezone === 'string' ? v.row.timezone : null,
          });
        setChoosing(false);
      }}
    />
  );

  if (!propertyId)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('propertyScope.chooseTitle')}
          </Typography>
          <Typography color="text.secondary">{t('propertyScope.chooseText')}</Typography>
          {picker}
        </Stack>
      </Paper>
    );

  return (
    <>
      <Alert
        severity="info"
        icon={false}
        sx={{ mb: 2, alignItems: 'center' }}
        action={
          choosing ? undefined : (
            <Button color="inherit" size="small" onClick={() => setChoosing(true)}>
              {t('propertyScope.change')}
            </Button>
          )
        }
      >
        {choosing ? (
          <Box sx={{ minWidth: { xs: 220, sm: 320 } }}>{picker}</Box>
        ) : (
          t('propertyScope.workingOn', { name: propertyName ?? `#${propertyId}` })
        )}
      </Alert>
      <ShownTimeZone.Provider value={storedZone ?? option?.timezone ?? null}>
        <Fragment key={propertyId}>{children}</Fragment>
      </ShownTimeZone.Provider>
    </>
  );
}
