import { SCENE_WHEEL } from "../../schema/constants";

/**
 * The scene wheel of spec §9: eight segments of 45°, the first centred 69° clockwise from the top,
 * the highlight moving one segment every 1750 ms. The highlight's angle only ever grows (step 8 is
 * 69° + 360°), so the turn from the last scene back to the first goes on clockwise instead of
 * spinning back.
 */

export function sceneIndexAt(step: number): number {
  return ((step % SCENE_WHEEL.segments) + SCENE_WHEEL.segments) % SCENE_WHEEL.segments;
}

/** The highlight's rotation, in degrees clockwise from the top, at a step. */
export function sceneWheelAngle(step: number): number {
  return SCENE_WHEEL.offsetDegrees + step * SCENE_WHEEL.segmentDegrees;
}

/** Where segment `index` is centred; the highlight points there at every step showing it. */
export function segmentCentreAngle(index: number): number {
  return sceneWheelAngle(index);
}

/** The first step at or after `step` that shows `index`: a click turns the wheel forward to it. */
export function stepTowards(step: number, index: number): number {
  return step + ((index - sceneIndexAt(step) + SCENE_WHEEL.segments) % SCENE_WHEEL.segments);
}

/** A point at `radius` from the centre, `angle` degrees clockwise from the top (SVG y grows downwards). */
export function polarPoint(centre: number, radius: number, angle: number): { x: number; y: number } {
  const radians = (angle * Math.PI) / 180;
  return { x: centre + radius * Math.sin(radians), y: centre - radius * Math.cos(radians) };
}

/** An annular sector from `start` to `end` degrees between two radii, as an SVG path. */
export function sectorPath(centre: number, inner: number, outer: number, start: number, end: number): string {
  const outerStart = polarPoint(centre, outer, start);
  const outerEnd = polarPoint(centre, outer, end);
  const innerEnd = polarPoint(centre, inner, end);
  const innerStart = polarPoint(centre, inner, start);
  const isLarge = end - start > 180 ? 1 : 0;
  const f = (value: number) => value.toFixed(2);
  return [
    `M${f(outerStart.x)} ${f(outerStart.y)}`,
    `A${outer} ${outer} 0 ${isLarge} 1 ${f(outerEnd.x)} ${f(outerEnd.y)}`,
    `L${f(innerEnd.x)} ${f(innerEnd.y)}`,
    `A${inner} ${inner} 0 ${isLarge} 0 ${f(innerStart.x)} ${f(innerStart.y)}`,
    "Z",
  ].join(" ");
}
