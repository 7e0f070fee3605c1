import { createFileRoute } from '@tanstack/react-router';
import { ParkingMapPage } from '../../features/parking-map/ParkingMapPage';

export const Route = createFileRoute('/_app/parking-map')({
  component: ParkingMap,
});

function ParkingMap() {
  return <ParkingMapPage />;
}
