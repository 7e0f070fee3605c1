import type { MapLayoutBody, ParkingMap } from '@parkade/contract';

/** Where things sit on the map: what the designer edits, undoes and saves. */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}
export interface Layout {
  buildings: Record<number, Placement>;
  areas: Record<number, Placement>;
  spots: Record<number, Placement>;
}
export type Kind = keyof Layout;

export interface History {
  past: Layout[];
  present: Layout;
  future: Layout[];
}

export type HistoryAction =
  | { type: 'load'; layout: Layout }
  | { type: 'move'; kind: Kind; id: number; x: number; y: number }
  | { type: 'rotate'; kind: Kind; id: number }
  | { type: 'undo' }
  | { type: 'redo' };

/** At most this many steps are kept for undo. */
export const HISTORY_LIMIT = 100;
export const GRID = 10;
export const snap = (v: number) => Math.round(v / GRID) * GRID;

const BUILDING_DEFAULT = { width: 240, height: 160 };
const KINDS: Kind[] = ['buildings', 'areas', 'spots'];

/** The top of a free row below these boxes (40 below the lowest, never above 40). */
export const belowAll = (boxes: { y: number; height: number }[]) =>
  Math.max(40, ...boxes.map((b) => b.y + b.height + 40));

/** The layout of a map as the server answers it (unplaced buildings get a place below the drawn ones). */
export function layoutOf(map: ParkingMap): Layout {
  const buildings: Layout['buildings'] = {};
  let nextX = 40;
  const bottom = belowAll([
    ...map.areas,
    ...map.buildings.map((b) => ({ y: b.y ?? 0, height: b.height ?? 0 })),
  ]);
  for (const b of map.buildings) {
    if (b.x === null || b.y === null) {
      buildings[b.id] = { x: nextX, y: bottom, ...BUILDING_DEFAULT, rotation: b.rotation };
      nextX += BUILDING_DEFAULT.width + 40;
    } else
      buildings[b.id] = {
        x: b.x,
        y: b.y,
        width: b.width ?? BUILDING_DEFAULT.width,
        height: b.height ?? BUILDING_DEFAULT.height,
        rotation: b.rotation,
      };
  }
  const areas: Layout['areas'] = {};
  for (const a of map.areas)
    areas[a.id] = { x: a.x, y: a.y, width: a.width, height: a.height, rotation: a.rotation };
  const spots: Layout['spots'] = {};
  for (const s of map.spots) spots[s.id] = { x: s.x, y: s.y, width: 40, height: 70, rotation: s.rotation };
  return { buildings, areas, spots };
}

/**
 * The items of `fresh` (a server's answer), placed where `kept` has them when it knows them: what is edited or saved
 * stays as it was, new items join where the server put them, removed ones leave.
 */
export function overlay(fresh: Layout, kept: Layout): Layout {
  const merged = {} as Layout;
  for (const kind of KINDS)
    merged[kind] = {
      ...fresh[kind],
      ...Object.fromEntries(Object.entries(kept[kind]).filter(([id]) => id in fresh[kind])),
    };
  return merged;
}

export const initialHistory = (layout: Layout): History => ({ past: [], present: layout, future: [] });

function update(layout: Layout, kind: Kind, id: number, patch: Partial<Placement>): Layout {
  const current = layout[kind][id];
  if (!current) return layout;
  return { ...layout, [kind]: { ...layout[kind], [id]: { ...current, ...patch } } };
}

/** The designer's edits as a pure reducer: every move or rotation can be undone and redone. */
export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'load':
      return initialHistory(action.layout);
    case 'move':
    case 'rotate': {
      const current = state.present[action.kind][action.id];
      if (!current) return state;
      const next =
        action.type === 'move'
          ? update(state.present, action.kind, action.id, { x: action.x, y: action.y })
          : update(state.present, action.kind, action.id, { rotation: (current.rotation + 90) % 360 });
      if (next === state.present) return state;
      if (action.type === 'move' && current.x === action.x && current.y === action.y) return state;
      return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present: next, future: [] };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest };
    }
  }
}

const same = (a: Placement, b: Placement | undefined) =>
  !!b &&
  a.x === b.x &&
  a.y === b.y &&
  a.width === b.width &&
  a.height === b.height &&
  a.rotation === b.rotation;

/** What changed since the layout was loaded: the body of PUT /parking-map/layout (without the version). */
export function changesOf(saved: Layout, present: Layout): Omit<MapLayoutBody, 'version'> {
  const diff = (kind: Kind) =>
    Object.entries(present[kind])
      .filter(([id, p]) => !same(p, saved[kind][Number(id)]))
      .map(([id, p]) => ({ id: Number(id), ...p }));
  return {
    buildings: diff('buildings'),
    areas: diff('areas'),
    spots: diff('spots').map(({ id, x, y, rotation }) => ({ id, x, y, rotation })),
  };
}

export const hasChanges = (c: Omit<MapLayoutBody, 'version'>) =>
  (c.buildings?.length ?? 0) + (c.areas?.length ?? 0) + (c.spots?.length ?? 0) > 0;

/** Zoom steps: the view scale stays between these. */
export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 4;
export const zoomStep = (scale: number, dir: 1 | -1) =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(scale * (dir > 0 ? 1.25 : 0.8) * 100) / 100));

/** The view that shows everything drawn inside a canvas of this size (never zoomed in past 100 %). */
export function fitView(layout: Layout, size: { width: number; height: number }) {
  const boxes = [...Object.values(layout.buildings), ...Object.values(layout.areas)];
  if (!boxes.length || !size.width) return { scale: 1, x: 0, y: 0 };
  const minX = Math.min(...boxes.map((b) => b.x)) - 20;
  const minY = Math.min(...boxes.map((b) => b.y)) - 20;
  const maxX = Math.max(...boxes.map((b) => b.x + Math.max(b.width, b.height))) + 20;
  const maxY = Math.max(...boxes.map((b) => b.y + Math.max(b.width, b.height))) + 20;
  const scale = Math.max(0.2, Math.min(1, size.width / (maxX - minX), size.height / (maxY - minY)));
  return { scale: Math.round(scale * 100) / 100, x: -minX * scale, y: -minY * scale };
}
