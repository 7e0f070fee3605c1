import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../ui/QueryError';
import { PageHeader } from '../../ui/PageHeader';
import { PropertyScoped } from '../../ui/PropertyScoped';
import { MapCanvas } from './MapCanvas';
import { MapDashboard } from './MapDashboard';
import { MapDialogs } from './MapDialogs';
import { MapToolbar } from './MapToolbar';
import { useMapDesigner } from './useMapDesigner';

/** The parking map designer (SPEC §2.5). */
export function ParkingMapPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('map.title')} />
      <PropertyScoped>
        <Designer />
      </PropertyScoped>
    </>
  );
}

/** The counts, the toolbar, the map and its dialogs; the state and actions are useMapDesigner's. */
function Designer() {
  const { t } = useTranslation();
  const designer = useMapDesigner();
  const { query, map, stale } = designer;

  if (!map) {
    if (query.isError) return <QueryError error={query.error} retry={query.refetch} />;
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      <MapDashboard map={map} />
      {stale && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => void designer.reload()}>
              {t('map.reload')}
            </Button>
          }
        >
          {stale}
        </Alert>
      )}
      <MapToolbar designer={designer} />
      <MapCanvas
        map={map}
        layout={designer.layout}
        editable={designer.editable}
        selected={designer.selected}
        view={designer.view}
        onView={designer.setView}
        size={designer.canvasSize}
        onSize={designer.setCanvasSize}
        onSelect={designer.setSelected}
        onMove={designer.move}
        onOpenSpot={designer.openSpot}
      />
      <Typography variant="body2" color="text.secondary">
        {t('map.help')}
      </Typography>
      <MapDialogs designer={designer} />
    </Stack>
  );
}
