import { describe, expect, it } from 'vitest';
import { AVATAR_CANVAS, clampZoom, coverPlacement, ZOOM_MAX, ZOOM_MIN } from './photo-placement.ts';

describe('placing a picture in the 300×300 avatar canvas', () => {
  it('covers the square at zoom 1: a landscape picture fills the height, centred', () => {
    const placed = coverPlacement(600, 400, 1, { x: 0, y: 0 });
    expect(placed.height).toBe(AVATAR_CANVAS);
    expect(placed.width).toBe(450);
    expect(placed.left).toBe(-75);
    expect(placed.top).toBe(0);
  });

  it('zooms around the centre', () => {
    const placed = coverPlacement(300, 300, 2, { x: 0, y: 0 });
    expect(placed.width).toBe(600);
    expect(placed.left).toBe(-150);
    expect(placed.top).toBe(-150);
  });

  it('never drags the picture off an edge of the circle', () => {
    const placed = coverPlacement(600, 400, 1, { x: 500, y: 40 });
    expect(placed.offset).toEqual({ x: 75, y: 0 });
    expect(placed.left).toBe(0);
    const other = coverPlacement(600, 400, 1, { x: -500, y: 0 });
    expect(other.left + other.width).toBe(AVATAR_CANVAS);
  });

  it('keeps the zoom between 1 and 2 in hundredths', () => {
    expect(clampZoom(0.5)).toBe(ZOOM_MIN);
    expect(clampZoom(2.3)).toBe(ZOOM_MAX);
    expect(clampZoom(1.0500000001)).toBe(1.05);
  });
});
