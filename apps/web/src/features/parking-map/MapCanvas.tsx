import type { MapSpot, ParkingMap } from '@parkade/contract';
import { Paper } from '@mui/material';
import type Konva from 'konva';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Rect, Stage } from 'react-konva';
import { zoomStep, type Kind, type Layout } from './history';
import { AreaShape, BuildingShape, SpotShape } from './MapShapes';
import type { Selection, Size, View } from './useMapDesigner';

declare global {
  interface Window {
    /** performance.now() when the map's spots were first drawn (read by the map-paint benchmark). */
    __parkadeMapPainted?: number;
  }
}

const CANVAS_HEIGHT = { xs: 420, md: 560 };

/**
 * The map drawn with react-konva: buildings, areas with their spots, and spots outside any area. Shapes are
 * dragged (when editable) and selected; the background pans, the wheel zooms about the pointer, and a click on
 * the background clears the selection.
 */
export function MapCanvas({
  map,
  layout,
  editable,
  selected,
  view,
  onView,
  onSelect,
  onMove,
  onOpenSpot,
  size,
  onSize,
}: {
  size: Size;
  onSize: (size: Size) => void;
  map: ParkingMap;
  layout: Layout;
  editable: boolean;
  selected: Selection;
  view: View;
  onView: (v: View) => void;
  onSelect: (s: Selection) => void;
  onMove: (kind: Kind, id: number, x: number, y: number) => void;
  onOpenSpot: (id: number) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const painted = useRef(false);
  // The designer keeps the canvas's size: the first view and Reset view fit the map to it.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () =>
      onSize({
        width: el.clientWidth,
        height: window.innerWidth < 900 ? CANVAS_HEIGHT.xs : CANVAS_HEIGHT.md,
      });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [onSize]);
  const spotsByArea = useMemo(() => {
    const groups = new Map<number | null, MapSpot[]>();
    for (const s of map.spots) {
      const list = groups.get(s.areaId) ?? [];
      list.push(s);
      groups.set(s.areaId, list);
    }
    return groups;
  }, [map.spots]);

  const shared = { editable, selected, onSelect, onMove };
  const spots = (areaId: number | null) =>
    (spotsByArea.get(areaId) ?? []).map((s) => {
      const place = layout.spots[s.id];
      return place && <SpotShape key={s.id} spot={s} place={place} onOpen={onOpenSpot} {...shared} />;
    });

  return (
    <Paper
      ref={box}
      variant="outlined"
      sx={{ overflow: 'hidden', bgcolor: '#f5f7f8', touchAction: 'none' }}
      role="img"
      aria-label={t('map.canvasLabel', {
        spots: map.counts.total,
        areas: map.areas.length,
        buildings: map.buildings.length,
      })}
      data-testid="map-canvas"
    >
      <Stage
        width={size.width}
        height={size.height}
        scaleX={view.scale}
        scaleY={view.scale}
        x={view.x}
        y={view.y}
        draggable
        onDragEnd={(e) => {
          if (e.target === e.target.getStage()) onView({ ...view, x: e.target.x(), y: e.target.y() });
        }}
        onWheel={(e) => {
          e.evt.preventDefault();
          const stage = e.target.getStage() as Konva.Stage;
          const pointer = stage.getPointerPosition() ?? { x: 0, y: 0 };
          const scale = zoomStep(view.scale, e.evt.deltaY < 0 ? 1 : -1);
          const at = { x: (pointer.x - view.x) / view.scale, y: (pointer.y - view.y) / view.scale };
          onView({ scale, x: pointer.x - at.x * scale, y: pointer.y - at.y * scale });
        }}
        onClick={(e) => {
          if (e.target === e.target.getStage()) onSelect(null);
        }}
      >
        <Layer>
          {map.buildings.map((b) => {
            const place = layout.buildings[b.id];
            return place && <BuildingShape key={b.id} building={b} place={place} {...shared} />;
          })}
          {map.areas.map((a) => {
            const place = layout.areas[a.id];
            return (
              place && (
                <AreaShape key={a.id} area={a} place={place} {...shared}>
                  {spots(a.id)}
                </AreaShape>
              )
            );
          })}
          {spots(null)}
          <Rect
            width={1}
            height={1}
            listening={false}
            ref={(node) => {
              if (node && !painted.current) {
                painted.current = true;
                requestAnimationFrame(() => {
                  window.__parkadeMapPainted = performance.now();
                });
              }
            }}
          />
        </Layer>
      </Stage>
    </Paper>
  );
}
