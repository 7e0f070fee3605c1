import {
  isLanguage as isShippedLanguage,
  LANGUAGES,
  usersListQuery,
  toSearchParams,
  type Language,
  type LanguageCode,
  type Property,
} from '@parkade/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Box, Button, Chip, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../platform/api';
import { isLanguage } from '../../platform/language';
import { useAuthStore, useLanguageStore, usePropertyStore } from '../../platform/stores';
import { useArea, useCan } from '../../ui/access';
import { useListState } from '../../ui/DataTable';
import { RecordPicker } from '../../ui/fields';
import { PROPERTY_OPTIONS } from '../../ui/PropertyScoped';
import { useRecord } from '../../ui/resource';
import { toast } from '../../ui/toast';
import { useBootstrap } from '../shell/useBootstrap';

/**
 * Whose staff the users screens show: on a property's address, its own; centrally, the selected property's (sent as
 * X-Property) or, with none selected, the central staff — as the roles screens do (decision 0020).
 */
export function useUsersScope(): { kind: 'central' } | { kind: 'property'; id: number | null; name: string } {
  const area = useArea();
  const propertyId = usePropertyStore((s) => s.propertyId);
  const propertyName = usePropertyStore((s) => s.propertyName);
  const own = useBootstrap().property;
  if (area === 'tenant') return { kind: 'property', id: own?.id ?? null, name: own?.name ?? '' };
  if (!propertyId) return { kind: 'central' };
  return { kind: 'property', id: propertyId, name: propertyName ?? `#${propertyId}` };
}

/** The audit log's table for the users shown: central staff or a property's. */
export function useUsersAuditEntity(): string {
  return useUsersScope().kind === 'central' ? 'central_users' : 'tenant_users';
}

/**
 * The languages a user of this scope may have: the property's (its own address: the bootstrap's; centrally: the
 * selected property's), every offered language for central staff (the bootstrap's, decision 0051).
 */
export function useScopeLanguages(): readonly LanguageCode[] {
  const area = useArea();
  const own = useBootstrap().property;
  const offered = useLanguageStore((s) => s.languageCodes);
  const selected = usePropertyStore((s) => s.propertyId);
  const property = useRecord<Property>('/properties', area === 'central' ? selected : null);
  const list = area === 'tenant' ? own?.languages : selected ? property.data?.languages : offered;
  const known = (list ?? []).filter(isLanguage);
  return known.length ? known : LANGUAGES;
}

/**
 * The languages a property writes its own words in (mail templates, bulk mail, documents): the scope's shipped
 * ones. A language added as data reads those in English (decision 0051).
 */
export function useContentLanguages(): readonly Language[] {
  const languages = useScopeLanguages().filter(isShippedLanguage);
  return languages.length ? languages : LANGUAGES;
}

/** Whether a user shown on these screens is the one signed in (the same kind of account, the same id). */
export function useIsSelf(userId: number | undefined): boolean {
  const me = useAuthStore((s) => s.user);
  const scope = useUsersScope();
  if (!me || userId === undefined) return false;
  const sameKind = scope.kind === 'central' ? me.type === 'central-user' : me.type === 'tenant-user';
  return sameKind && me.id === userId;
}

const listSpec = {
  filters: usersListQuery.filters,
  sorts: usersListQuery.sorts,
  defaultSort: usersListQuery.defaultSort,
  include: ['role'],
};

/**
 * The list's header buttons: centrally, whose staff is shown and how to switch (a property's, or back to the central
 * staff); the export of what the list shows (users.export).
 */
export function UsersListActions() {
  const { t } = useTranslation();
  const can = useCan();
  const area = useArea();
  const scope = useUsersScope();
  const list = useListState(listSpec);
  const select = usePropertyStore((s) => s.select);
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const switchTo = (next: Parameters<typeof select>[0]) => {
    select(next);
    // Nothing of the previous staff may show under the new one.
    queryClient.removeQueries();
    setChoosing(false);
  };
  const exportFile = () => {
    const qs = toSearchParams({ ...list.query, page: undefined, pageSize: undefined }).toString();
    void download(`/users/export${qs ? `?${qs}` : ''}`, 'users.xlsx').catch((e: Error) =>
      toast.error(e.message),
    );
  };
  return (
    <>
      {area === 'central' && (
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Chip
            label={
              scope.kind === 'property'
                ? t('users.screens.staffOf', { property: scope.name })
                : t('users.screens.centralStaff')
            }
          />
          {choosing ? (
            <Box sx={{ width: { xs: '100%', sm: 280 } }}>
              <RecordPicker
                resource={PROPERTY_OPTIONS}
                sort="label"
                label={t('propertyScope.property')}
                value={null}
                onChange={(v) =>
                  v
                    ? switchTo({
                        propertyId: v.id,
                        propertyName: v.label,
                        propertyCountry: typeof v.row?.country === 'string' ? v.row.country : null,
                        propertyTimeZone: typeof v.row?.timezone === 'string' ? v.row.timezone : null,
                      })
                    : setChoosing(false)
                }
              />
            </Box>
          ) : (
            <Button size="small" onClick={() => setChoosing(true)}>
              {t('users.screens.showPropertyStaff')}
            </Button>
          )}
          {scope.kind === 'property' && (
            <Button size="small" onClick={() => switchTo({ propertyId: null })}>
              {t('users.screens.showCentralStaff')}
            </Button>
          )}
        </Stack>
      )}
      {can('users.export') && (
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportFile}>
          {t('users.screens.export')}
        </Button>
      )}
    </>
  );
}
