/** SPEC §9: a 300×300 canvas, zoom from 1 to 2 in steps of 0.01, the buttons moving it by 0.05. */
export const AVATAR_CANVAS = 300;
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 2;
export const ZOOM_STEP = 0.01;
export const ZOOM_BUTTON_STEP = 0.05;

export interface Offset {
  x: number;
  y: number;
}

/** How the picture covers the square canvas at this zoom, with the offset kept inside its edges. */
export function coverPlacement(width: number, height: number, zoom: number, offset: Offset) {
  const scale = Math.max(AVATAR_CANVAS / width, AVATAR_CANVAS / height) * zoom;
  const drawnWidth = width * scale;
  const drawnHeight = height * scale;
  const limitX = (drawnWidth - AVATAR_CANVAS) / 2;
  const limitY = (drawnHeight - AVATAR_CANVAS) / 2;
  const x = Math.min(limitX, Math.max(-limitX, offset.x));
  const y = Math.min(limitY, Math.max(-limitY, offset.y));
  return {
    offset: { x, y },
    left: (AVATAR_CANVAS - drawnWidth) / 2 + x,
    top: (AVATAR_CANVAS - drawnHeight) / 2 + y,
    width: drawnWidth,
    height: drawnHeight,
  };
}

export const clampZoom = (zoom: number) =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));
