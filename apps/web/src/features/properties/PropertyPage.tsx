import { propertyCreateBody, propertyUpdateBody, type Property } from '@parkade/contract';
import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import type { PageMode } from '../../ui/fields';
import { ResourcePage, type ResourceDefinition } from '../../ui/ResourcePage';
import { InviteManagerCard } from '../users/InviteManagerCard';
import { VisitorPosterCard } from '../visitors/VisitorPosterCard';
import { LogoPanel } from './LogoPanel';
import { PropertyFields } from './PropertyFields';
import { PropertySettingsForm } from './PropertySettingsForm';
import { emptyValues, toValues, type Values } from './property-values';
import { TestEmailPanel } from './TestEmailPanel';

function StaffLead({ item }: { item: Property }) {
  return <InviteManagerCard id={item.id} placement="lead" />;
}

function useDefinition(mode: PageMode): ResourceDefinition<Property, Values> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      resource: '/properties',
      basePath: '/properties',
      auditEntity: 'properties',
      labels: { title: t('properties.title'), item: t('entities.properties') },
      permissions: { create: 'properties.create', edit: 'properties.edit', delete: 'properties.delete' },
      writable: true,
      schema: mode === 'create' ? propertyCreateBody : propertyUpdateBody,
      emptyValues,
      toValues,
      recordTitle: (p) => p.name,
      // A property nobody can sign in to yet: inviting its first manager comes before anything else.
      ShowLead: StaffLead,
      Fields: PropertyFields,
    }),
    [t, mode],
  );
}

export function PropertyCreatePage() {
  return <ResourcePage definition={useDefinition('create')} mode="create" />;
}

/**
 * Show and edit, with the error view of SPEC §2.2; show adds the property's staff (invite its first manager), the
 * logo, the test email and the settings.
 */
export function PropertyPage({ mode, id }: { mode: Exclude<PageMode, 'create'>; id: number }) {
  const definition = useDefinition(mode);
  const can = useCan();
  return (
    <>
      <ResourcePage definition={definition} mode={mode} id={id} />
      {mode === 'show' && (
        <Stack spacing={3} sx={{ mt: 3 }}>
          <InviteManagerCard id={id} placement="below" />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <LogoPanel id={id} />
            {can('properties.test-email') && <TestEmailPanel id={id} />}
          </Stack>
          <VisitorPosterCard propertyId={id} />
          <PropertySettingsForm path={`/properties/${id}/settings`} editPermission="properties.edit" />
        </Stack>
      )}
    </>
  );
}
