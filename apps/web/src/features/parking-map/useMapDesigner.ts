import type { ParkingMap } from '@parkade/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, send } from '../../platform/api';
import { RequestError } from '../../platform/errors';
import { useCan } from '../../ui/access';
import { toast } from '../../ui/toast';
import {
  belowAll,
  changesOf,
  fitView,
  hasChanges,
  historyReducer,
  initialHistory,
  layoutOf,
  overlay,
  zoomStep,
  type Kind,
  type Layout,
} from './history';
import { useMapShortcuts } from './useMapShortcuts';

const MAP_KEY = ['/parking-map', 'record', 'map'];
const fetchMap = () => get<ParkingMap>('/parking-map');

export type Selection = { kind: Kind; id: number } | null;
export type DialogName = 'buildings' | 'area' | 'edit' | 'detail' | 'reserve' | null;
export interface View {
  scale: number;
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/**
 * The parking map designer's state and actions (SPEC §2.5): the server's map, the layout being edited with its
 * undo history, the selection, the view (zoom and pan), the open dialog, and the versioned save (a 409 means
 * someone saved first: the designer offers a reload instead of overwriting).
 */
export function useMapDesigner() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const editable = can('spots.map.edit');
  const query = useQuery({ queryKey: MAP_KEY, queryFn: fetchMap });
  const [map, setMap] = useState<ParkingMap | null>(null);
  const [saved, setSaved] = useState<Layout | null>(null);
  const [history, dispatch] = useReducer(
    historyReducer,
    initialHistory({ buildings: {}, areas: {}, spots: {} }),
  );
  const [selected, setSelected] = useState<Selection>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [canvasSize, setCanvasSize] = useState<Size>({ width: 0, height: 0 });
  const fitted = useRef(false);
  const layout = history.present;

  /** A fresh answer of the server replaces the layout (and the undo history). */
  const adopt = useCallback(
    (m: ParkingMap) => {
      const fresh = layoutOf(m);
      setMap(m);
      setSaved(fresh);
      dispatch({ type: 'load', layout: fresh });
      setStale(null);
      client.setQueryData(MAP_KEY, m);
    },
    [client],
  );
  // The first answer is adopted; later ones arrive through adopt (saves, reloads) and mergeServer (creates).
  useEffect(() => {
    if (query.data && !map) adopt(query.data);
  }, [query.data, map, adopt]);

  /** A server answer after a create or an edit: new items join; positions being edited stay as the user left them. */
  const mergeServer = (m: ParkingMap) => {
    const fresh = layoutOf(m);
    setMap(m);
    setSaved(overlay(fresh, saved ?? fresh));
    dispatch({ type: 'load', layout: overlay(fresh, layout) });
    client.setQueryData(MAP_KEY, m);
  };
  const refreshKeepingEdits = async () => mergeServer(await fetchMap());
  const reload = async () => adopt(await fetchMap());

  const changes = useMemo(
    () => (saved ? changesOf(saved, layout) : { buildings: [], areas: [], spots: [] }),
    [saved, layout],
  );
  const dirty = hasChanges(changes);

  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(t('map.leaveUnsaved')),
    enableBeforeUnload: () => dirty,
  });

  const spotsById = useMemo(() => new Map((map?.spots ?? []).map((s) => [s.id, s])), [map]);
  const selectedSpot = selected?.kind === 'spots' ? spotsById.get(selected.id) : undefined;

  const save = async () => {
    if (!map || !dirty || saving) return;
    setSaving(true);
    try {
      adopt(await send<ParkingMap>('PUT', '/parking-map/layout', { version: map.version, ...changes }));
      toast.success(t('map.saved'));
    } catch (e) {
      if (e instanceof RequestError && e.statusCode === 409) setStale(e.message);
      else toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const undo = () => dispatch({ type: 'undo' });
  const redo = () => dispatch({ type: 'redo' });
  const rotate = () => {
    if (selected) dispatch({ type: 'rotate', kind: selected.kind, id: selected.id });
  };
  const move = (kind: Kind, id: number, x: number, y: number) => dispatch({ type: 'move', kind, id, x, y });
  const zoom = (dir: 1 | -1) => setView((v) => ({ ...v, scale: zoomStep(v.scale, dir) }));
  const resetView = () => setView(fitView(layout, canvasSize));
  // The first view shows the whole map, whatever the screen's width.
  useEffect(() => {
    if (!fitted.current && map && canvasSize.width) {
      fitted.current = true;
      setView(fitView(layout, canvasSize));
    }
  }, [map, canvasSize, layout]);

  /** Selects the spot numbered `term` (or the first whose number holds it) and brings it into view. */
  /**
   * Selects and shows the spot numbered `term` (exactly, else the first whose number contains it); answers whether
   * one was found. As the number is typed it is `quiet`: the field says "not found", no toast.
   */
  const findSpot = (term: string, { quiet = false }: { quiet?: boolean } = {}): boolean => {
    const wanted = term.trim().toLowerCase();
    if (!map || !wanted) return true;
    const spot =
      map.spots.find((s) => s.number.toLowerCase() === wanted) ??
      map.spots.find((s) => s.number.toLowerCase().includes(wanted));
    if (!spot) {
      if (!quiet) toast.error(t('map.notFound', { number: term.trim() }));
      return false;
    }
    setSelected({ kind: 'spots', id: spot.id });
    const area = spot.areaId ? layout.areas[spot.areaId] : undefined;
    const place = layout.spots[spot.id];
    if (place)
      setView((v) => ({
        ...v,
        x: -((area?.x ?? 0) + place.x) * v.scale + 120,
        y: -((area?.y ?? 0) + place.y) * v.scale + 120,
      }));
    return true;
  };

  const openSpot = (id: number) => {
    setSelected({ kind: 'spots', id });
    setDialog('detail');
  };

  useMapShortcuts({
    editable,
    undo,
    redo,
    save: () => void save(),
    zoom,
    resetView,
    rotate,
    details: selectedSpot ? () => setDialog('detail') : undefined,
  });

  /** Where created buildings and areas go: below everything drawn. */
  const freeSpot = {
    x: 40,
    y: belowAll([...Object.values(layout.areas), ...Object.values(layout.buildings)]),
  };
  /** The number after the highest spot number: the first number of a new area's spots. */
  const nextNumber =
    Math.max(
      0,
      ...(map?.spots ?? [])
        .map((s) => Number(/(\d+)$/.exec(s.number)?.[1] ?? 0))
        .filter((n) => Number.isFinite(n)),
    ) + 1;

  return {
    query,
    map,
    layout,
    editable,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    dirty,
    saving,
    stale,
    selected,
    selectedSpot,
    view,
    canvasSize,
    dialog,
    freeSpot,
    nextNumber,
    setSelected,
    setView,
    setCanvasSize,
    setDialog,
    save,
    reload,
    mergeServer,
    refreshKeepingEdits,
    undo,
    redo,
    rotate,
    move,
    zoom,
    resetView,
    findSpot,
    openSpot,
  };
}

export type MapDesigner = ReturnType<typeof useMapDesigner>;
