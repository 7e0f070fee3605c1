import { MAP_SPOT_HEIGHT, MAP_SPOT_WIDTH } from '@parkade/contract';

/** Layout of spots inside an area: rows of at most SPOTS_PER_ROW, a gap, padding and a band for the name. */
export const SPOTS_PER_ROW = 10;
export const SPOT_GAP = 10;
export const AREA_PADDING = 20;
export const AREA_LABEL = 30;
export const BUILDING_WIDTH = 240;
export const BUILDING_HEIGHT = 160;

/** Where the i-th spot of an area sits, relative to the area. */
export function spotSlot(i: number) {
  const col = i % SPOTS_PER_ROW;
  const row = Math.floor(i / SPOTS_PER_ROW);
  return {
    x: AREA_PADDING + col * (MAP_SPOT_WIDTH + SPOT_GAP),
    y: AREA_LABEL + row * (MAP_SPOT_HEIGHT + SPOT_GAP),
  };
}
/** The size of an area holding `count` spots in those rows. */
export function areaSize(count: number) {
  const cols = Math.max(1, Math.min(SPOTS_PER_ROW, count));
  const rows = Math.max(1, Math.ceil(count / SPOTS_PER_ROW));
  return {
    width: AREA_PADDING * 2 + cols * MAP_SPOT_WIDTH + (cols - 1) * SPOT_GAP,
    height: AREA_LABEL + AREA_PADDING + rows * MAP_SPOT_HEIGHT + (rows - 1) * SPOT_GAP,
  };
}
