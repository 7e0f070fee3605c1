/** The parking map designer (SPEC §2.5). Coordinates are canvas units (1 unit = 1 px at zoom 1). */
export const MAP_ROTATIONS = [0, 90, 180, 270] as const;
export const MAP_SPOT_WIDTH = 40;
export const MAP_SPOT_HEIGHT = 70;
export const MAP_AREA_MAX_SPOTS = 500;
export const MAP_BUILDINGS_MAX = 50;
export const MAP_UNITS_PER_BUILDING_MAX = 500;
export const MAP_COORD_MAX = 100000;
