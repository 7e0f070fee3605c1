import type { ParkingMap } from '@parkade/contract';
import { describe, expect, it } from 'vitest';
import {
  changesOf,
  fitView,
  hasChanges,
  historyReducer,
  initialHistory,
  layoutOf,
  overlay,
  snap,
  zoomStep,
} from './history';

const map: ParkingMap = {
  version: 3,
  updatedAt: null,
  updatedByName: null,
  buildings: [
    { id: 1, name: 'A', x: 40, y: 40, width: 240, height: 160, rotation: 0, unitsCount: 4 },
    { id: 2, name: 'B', x: null, y: null, width: null, height: null, rotation: 0, unitsCount: 0 },
  ],
  areas: [{ id: 5, name: 'Lot', x: 40, y: 300, width: 500, height: 200, rotation: 0 }],
  spots: [
    {
      id: 9,
      areaId: 5,
      number: '1',
      name: null,
      type: 'resident',
      status: 'available',
      setStatus: 'available',
      spotGroup: null,
      x: 20,
      y: 30,
      rotation: 0,
      reservedNow: false,
    },
  ],
  counts: { total: 1, byType: { resident: 1 }, byStatus: { available: 1 }, byArea: { '5': 1 } },
};

describe('the designer history', () => {
  it('places unplaced buildings below what is drawn', () => {
    const l = layoutOf(map);
    expect(l.buildings[2]).toMatchObject({ x: 40, y: 540, width: 240, height: 160 });
  });

  it('undoes and redoes moves and rotations, and a new edit drops the redo steps', () => {
    let h = initialHistory(layoutOf(map));
    h = historyReducer(h, { type: 'move', kind: 'spots', id: 9, x: 60, y: 30 });
    h = historyReducer(h, { type: 'rotate', kind: 'buildings', id: 1 });
    expect(h.present.buildings[1]!.rotation).toBe(90);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.buildings[1]!.rotation).toBe(0);
    expect(h.present.spots[9]!.x).toBe(60);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.spots[9]!.x).toBe(20);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.spots[9]!.x).toBe(60);
    h = historyReducer(h, { type: 'move', kind: 'areas', id: 5, x: 0, y: 0 });
    expect(h.future).toEqual([]);
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });

  it('rotates by 90° steps back to 0, and ignores a move to the same place', () => {
    let h = initialHistory(layoutOf(map));
    for (let i = 0; i < 4; i++) h = historyReducer(h, { type: 'rotate', kind: 'buildings', id: 1 });
    expect(h.present.buildings[1]!.rotation).toBe(0);
    expect(h.past).toHaveLength(4);
    expect(historyReducer(h, { type: 'move', kind: 'spots', id: 9, x: 20, y: 30 })).toBe(h);
  });

  it('saves only what changed since loading', () => {
    const saved = layoutOf(map);
    let h = initialHistory(saved);
    expect(hasChanges(changesOf(saved, h.present))).toBe(false);
    h = historyReducer(h, { type: 'move', kind: 'spots', id: 9, x: 70, y: 30 });
    h = historyReducer(h, { type: 'rotate', kind: 'buildings', id: 1 });
    expect(changesOf(saved, h.present)).toEqual({
      buildings: [{ id: 1, x: 40, y: 40, width: 240, height: 160, rotation: 90 }],
      areas: [],
      spots: [{ id: 9, x: 70, y: 30, rotation: 0 }],
    });
    // Undoing everything leaves nothing to save.
    h = historyReducer(historyReducer(h, { type: 'undo' }), { type: 'undo' });
    expect(hasChanges(changesOf(saved, h.present))).toBe(false);
  });

  it('snaps to the grid and keeps zoom in range', () => {
    expect(snap(44)).toBe(40);
    expect(snap(46)).toBe(50);
    expect(zoomStep(4, 1)).toBe(4);
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(0.2, -1)).toBe(0.2);
  });

  it('fits the whole map in a narrow canvas, never zooming in past 100 %', () => {
    const l = layoutOf(map);
    const phone = fitView(l, { width: 328, height: 420 });
    expect(phone.scale).toBeLessThan(1);
    expect(phone.scale).toBeGreaterThanOrEqual(0.2);
    expect(fitView(l, { width: 4000, height: 4000 }).scale).toBe(1);
  });

  it('merges a server answer: kept places stay, new items join, removed ones leave', () => {
    const edited = historyReducer(initialHistory(layoutOf(map)), {
      type: 'move',
      kind: 'spots',
      id: 9,
      x: 100,
      y: 30,
    }).present;
    const spot = map.spots[0]!;
    const fresh = layoutOf({
      ...map,
      areas: [],
      spots: [spot, { ...spot, id: 10, number: '2', x: 60 }],
    });
    const merged = overlay(fresh, edited);
    expect(merged.spots[9]!.x).toBe(100);
    expect(merged.spots[10]!.x).toBe(60);
    expect(merged.areas).toEqual({});
    expect(merged.buildings).toEqual(edited.buildings);
  });
});
