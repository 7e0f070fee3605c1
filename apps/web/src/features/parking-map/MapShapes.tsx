import {
  MAP_SPOT_HEIGHT,
  MAP_SPOT_WIDTH,
  SPOT_TYPE_COLOURS,
  type MapArea,
  type MapBuilding,
  type MapSpot,
} from '@parkade/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Rect, Text } from 'react-konva';
import { snap, type Kind, type Placement } from './history';
import type { Selection } from './useMapDesigner';

/** What every shape on the map needs from the canvas. */
interface ShapeProps {
  place: Placement;
  editable: boolean;
  selected: Selection;
  onSelect: (s: Selection) => void;
  onMove: (kind: Kind, id: number, x: number, y: number) => void;
}

const SELECTED = '#0d47a1';
const isSelected = (selected: Selection, kind: Kind, id: number) =>
  selected?.kind === kind && selected.id === id;

/** A press on a shape is the shape's (the stage is not dragged); a click or tap selects it. */
function pickable(onSelect: (s: Selection) => void, kind: Kind, id: number) {
  const select = (e: { cancelBubble: boolean }) => {
    e.cancelBubble = true;
    onSelect({ kind, id });
  };
  return {
    onMouseDown: (e: { cancelBubble: boolean }) => (e.cancelBubble = true),
    onClick: select,
    onTap: select,
  };
}

/** A building: a grey block with its name and number of units; rotates about its centre. */
export function BuildingShape({
  building: b,
  place: p,
  editable,
  selected,
  onSelect,
  onMove,
}: ShapeProps & { building: MapBuilding }) {
  const { t } = useTranslation();
  const on = isSelected(selected, 'buildings', b.id);
  return (
    <Group
      x={p.x + p.width / 2}
      y={p.y + p.height / 2}
      offsetX={p.width / 2}
      offsetY={p.height / 2}
      rotation={p.rotation}
      draggable={editable}
      {...pickable(onSelect, 'buildings', b.id)}
      onDragEnd={(e) =>
        onMove('buildings', b.id, snap(e.target.x() - p.width / 2), snap(e.target.y() - p.height / 2))
      }
    >
      <Rect
        width={p.width}
        height={p.height}
        fill="#cfd8dc"
        stroke={on ? SELECTED : '#455a64'}
        strokeWidth={on ? 3 : 1.5}
        cornerRadius={4}
      />
      <Text
        text={b.name}
        width={p.width}
        wrap="none"
        ellipsis
        y={p.height / 2 - 18}
        align="center"
        fontSize={16}
        fontStyle="bold"
        fill="#1a1a1a"
        listening={false}
      />
      <Text
        text={t('map.unitsCount', { count: b.unitsCount })}
        width={p.width}
        y={p.height / 2 + 4}
        align="center"
        fontSize={13}
        fill="#263238"
        listening={false}
      />
    </Group>
  );
}

/** An area: a dashed frame with its name, holding its spots (they move with it). */
export function AreaShape({
  area: a,
  place: p,
  editable,
  selected,
  onSelect,
  onMove,
  children,
}: ShapeProps & { area: MapArea; children: ReactNode }) {
  const on = isSelected(selected, 'areas', a.id);
  return (
    <Group
      x={p.x}
      y={p.y}
      rotation={p.rotation}
      draggable={editable}
      {...pickable(onSelect, 'areas', a.id)}
      onDragEnd={(e) => {
        // Only the area's own drag: a spot's drag inside it ends on the spot.
        if (e.target.getType() === 'Group' && e.target.getParent()?.getType() === 'Layer')
          onMove('areas', a.id, snap(e.target.x()), snap(e.target.y()));
      }}
    >
      <Rect
        width={p.width}
        height={p.height}
        fill="#ffffff"
        stroke={on ? SELECTED : '#90a4ae'}
        strokeWidth={on ? 3 : 1}
        dash={[8, 4]}
        cornerRadius={6}
      />
      {/* A long name ends in an ellipsis inside the frame instead of running out of it. */}
      <Text
        text={a.name}
        x={12}
        y={8}
        width={Math.max(0, p.width - 24)}
        wrap="none"
        ellipsis
        fontSize={14}
        fontStyle="bold"
        fill="#263238"
        listening={false}
      />
      {children}
    </Group>
  );
}

/**
 * A spot: coloured by type (grey and dashed when out of service), its number, its name, and an R with a purple
 * frame while it is reserved. A double click or tap opens its details.
 */
export function SpotShape({
  spot: s,
  place: p,
  editable,
  selected,
  onSelect,
  onMove,
  onOpen,
}: ShapeProps & { spot: MapSpot; onOpen: (id: number) => void }) {
  const on = isSelected(selected, 'spots', s.id);
  return (
    <Group
      x={p.x + MAP_SPOT_WIDTH / 2}
      y={p.y + MAP_SPOT_HEIGHT / 2}
      offsetX={MAP_SPOT_WIDTH / 2}
      offsetY={MAP_SPOT_HEIGHT / 2}
      rotation={p.rotation}
      draggable={editable}
      {...pickable(onSelect, 'spots', s.id)}
      onTouchStart={(e) => (e.cancelBubble = true)}
      onDblClick={() => onOpen(s.id)}
      onDblTap={() => onOpen(s.id)}
      onDragEnd={(e) => {
        e.cancelBubble = true;
        onMove(
          'spots',
          s.id,
          snap(e.target.x() - MAP_SPOT_WIDTH / 2),
          snap(e.target.y() - MAP_SPOT_HEIGHT / 2),
        );
      }}
    >
      <Rect
        width={MAP_SPOT_WIDTH}
        height={MAP_SPOT_HEIGHT}
        fill={s.status === 'outOfService' ? '#e0e0e0' : SPOT_TYPE_COLOURS[s.type]}
        stroke={on ? SELECTED : s.reservedNow ? '#4a148c' : '#546e7a'}
        strokeWidth={on ? 3 : s.reservedNow ? 2.5 : 1}
        dash={s.status === 'outOfService' ? [4, 3] : undefined}
        cornerRadius={3}
        perfectDrawEnabled={false}
      />
      <Text
        text={s.number}
        width={MAP_SPOT_WIDTH}
        y={MAP_SPOT_HEIGHT / 2 - 7}
        align="center"
        fontSize={12}
        fontStyle="bold"
        fill="#1a1a1a"
        listening={false}
        perfectDrawEnabled={false}
      />
      {s.reservedNow && (
        <Text
          text="R"
          x={MAP_SPOT_WIDTH - 12}
          y={3}
          fontSize={10}
          fontStyle="bold"
          fill="#4a148c"
          listening={false}
        />
      )}
      {s.name && (
        <Text
          text={s.name}
          width={MAP_SPOT_WIDTH}
          y={MAP_SPOT_HEIGHT - 16}
          align="center"
          fontSize={10}
          fill="#1a1a1a"
          listening={false}
        />
      )}
    </Group>
  );
}
