import { type ResidentItem, type VisitorItem } from '@parkade/contract';
import AddIcon from '@mui/icons-material/Add';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { LinkButton } from '../../ui/AppLink';
import { DataTable, useListState } from '../../ui/DataTable';
import { useDateLocale } from '../../ui/locale';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { useList, useRecord } from '../../ui/resource';
import { visitorColumns, VisitorFilters, visitorScreens } from '.';
import { visitorSpec } from './search';

/** /residents/{id}/visitors: the resident's visitors (filter[residentId]). */
export function ResidentVisitorsPage({ residentId }: { residentId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const dates = useDateLocale();
  const resident = useRecord<ResidentItem>('/residents', residentId).data;
  const list = useListState(visitorSpec);
  const query = useMemo(
    () => ({ ...list.query, filter: { ...(list.query.filter ?? {}), residentId: [String(residentId)] } }),
    [list.query, residentId],
  );
  const result = useList<VisitorItem>('/visitors', query);
  const columns = useMemo(() => visitorColumns(t, dates), [t, dates]);
  const title = t('shell.nav.visitors');
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('shell.nav.residents'), href: '/residents' },
          { label: resident?.fullName ?? '…', href: `/residents/${residentId}/show` },
        ]}
        actions={
          can('visitors.create') ? (
            <LinkButton
              href={`/residents/${residentId}/visitors-create`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('visitors.screens.register')}
            </LinkButton>
          ) : undefined
        }
      />
      <PropertyScoped>
        <DataTable<VisitorItem>
          label={title}
          list={list}
          result={result}
          rowHref={(v) => `/visitors/${v.id}/show`}
          columns={columns}
          filters={<VisitorFilters list={list} resident={false} />}
        />
      </PropertyScoped>
    </>
  );
}

/** /residents/{id}/visitors-create: a visitor of this resident. */
export function ResidentVisitorCreatePage({ residentId }: { residentId: number }) {
  const initial = useMemo(() => ({ residentId }), [residentId]);
  const { CreatePage } = visitorScreens;
  return <CreatePage initial={initial} />;
}
