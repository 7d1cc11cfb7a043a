import { describe, expect, it } from "vitest";
import { initialCrop, MAX_ZOOM, moveCrop, scaleOf, sourceRect, zoomCrop } from "../../../src/components/avatar-upload/avatar-crop";

describe("avatar crop geometry", () => {
  it.each([
    [480, 300, { x: 90, y: 0, size: 300 }],
    [300, 480, { x: 0, y: 90, size: 300 }],
    [160, 160, { x: 0, y: 0, size: 160 }],
  ])("starts with the largest centred square of a %i×%i picture", (width, height, expected) => {
    const rect = sourceRect(initialCrop(width, height, 320));
    expect(rect.x).toBeCloseTo(expected.x);
    expect(rect.y).toBeCloseTo(expected.y);
    expect(rect.size).toBeCloseTo(expected.size);
  });

  it("moves with a drag but never past the picture's edges", () => {
    const start = initialCrop(480, 300, 320);
    expect(sourceRect(moveCrop(start, -1000, 0)).x).toBeCloseTo(180);
    expect(sourceRect(moveCrop(start, 1000, 0)).x).toBeCloseTo(0);
    expect(sourceRect(moveCrop(start, 0, 50)).y).toBeCloseTo(0);
  });

  it("zooms around the centre within 1..MAX_ZOOM", () => {
    const start = initialCrop(400, 400, 320);
    const zoomed = zoomCrop(start, 2);
    expect(scaleOf(zoomed)).toBeCloseTo(1.6);
    expect(sourceRect(zoomed)).toMatchObject({ x: 100, y: 100, size: 200 });
    expect(zoomCrop(start, 10).zoom).toBe(MAX_ZOOM);
    expect(zoomCrop(start, 0.2).zoom).toBe(1);
  });

  it("zooming back out keeps the square covered", () => {
    const moved = moveCrop(zoomCrop(initialCrop(400, 400, 320), 3), -500, -500);
    const rect = sourceRect(zoomCrop(moved, 1));
    expect(rect.x + rect.size).toBeLessThanOrEqual(400 + 1e-9);
    expect(rect.y + rect.size).toBeLessThanOrEqual(400 + 1e-9);
  });
});
