import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/access';
import { toast } from '../../ui/toast';
import { CreateAreaDialog } from './dialogs/CreateAreaDialog';
import { CreateBuildingsDialog } from './dialogs/CreateBuildingsDialog';
import { EditSpotDialog } from './dialogs/EditSpotDialog';
import { ReserveSpotDialog } from './dialogs/ReserveSpotDialog';
import { SpotDetailDialog } from './dialogs/SpotDetailDialog';
import type { MapDesigner } from './useMapDesigner';

/**
 * The designer's open dialog, if any. Creates bring the server's new map (merged: edits in progress stay); a spot's
 * edit or reservation reloads the map the same way. The spot dialogs act on the selected spot.
 */
export function MapDialogs({ designer: d }: { designer: MapDesigner }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const close = () => d.setDialog(null);
  /** Closes the dialog and says what was done. */
  const done = (message: string) => {
    close();
    toast.success(message);
  };
  const spot = d.selectedSpot;

  if (d.dialog === 'buildings')
    return (
      <CreateBuildingsDialog
        at={d.freeSpot}
        onClose={close}
        onDone={(m) => {
          done(t('map.buildingsCreated'));
          d.mergeServer(m);
        }}
      />
    );
  if (d.dialog === 'area')
    return (
      <CreateAreaDialog
        at={d.freeSpot}
        nextNumber={d.nextNumber}
        onClose={close}
        onDone={(m) => {
          done(t('map.areaCreated'));
          d.mergeServer(m);
        }}
      />
    );
  if (!spot) return null;
  if (d.dialog === 'edit')
    return (
      <EditSpotDialog
        spot={spot}
        onClose={close}
        onDone={() => {
          done(t('resource.updated', { item: t('entities.spots') }));
          void d.refreshKeepingEdits();
        }}
      />
    );
  if (d.dialog === 'detail')
    return (
      <SpotDetailDialog
        spotId={spot.id}
        onClose={close}
        onEnded={
          can('reservations.edit')
            ? (message) => {
                done(message);
                void d.refreshKeepingEdits();
              }
            : undefined
        }
        actions={
          can('reservations.create') ? (
            <Button onClick={() => d.setDialog('reserve')} startIcon={<EventIcon />}>
              {t('map.reserveShort')}
            </Button>
          ) : undefined
        }
      />
    );
  if (d.dialog === 'reserve')
    return (
      <ReserveSpotDialog
        spot={spot}
        onClose={close}
        onDone={() => {
          done(t('map.reserved', { number: spot.number }));
          void client.invalidateQueries({ queryKey: ['/spots'] });
          void d.refreshKeepingEdits();
        }}
      />
    );
  return null;
}
