/**
 * The square crop of the avatar dialog as pure geometry (spec §2, §9): the picture is shown in a
 * square viewport (the 320×320 preview), always covering it, moved by dragging and enlarged by a
 * zoom factor; what the viewport shows is what is saved, drawn again at 160×160.
 */
export interface CropState {
  /** Picture size in its own pixels. */
  imageWidth: number;
  imageHeight: number;
  /** Side of the square viewport in screen pixels. */
  viewport: number;
  /** 1 = the picture just covers the viewport; up to MAX_ZOOM. */
  zoom: number;
  /** Where the picture's top-left corner sits in the viewport (≤ 0: it always covers it). */
  offsetX: number;
  offsetY: number;
}

export const MAX_ZOOM = 4;

/** The smallest scale at which the picture covers the whole square. */
export function coverScale(imageWidth: number, imageHeight: number, viewport: number): number {
  return Math.max(viewport / imageWidth, viewport / imageHeight);
}

export function scaleOf(state: CropState): number {
  return coverScale(state.imageWidth, state.imageHeight, state.viewport) * state.zoom;
}

/** The picture centred, just covering the square: the largest centred square of the picture. */
export function initialCrop(imageWidth: number, imageHeight: number, viewport: number): CropState {
  const scale = coverScale(imageWidth, imageHeight, viewport);
  return {
    imageWidth,
    imageHeight,
    viewport,
    zoom: 1,
    offsetX: (viewport - imageWidth * scale) / 2,
    offsetY: (viewport - imageHeight * scale) / 2,
  };
}

/** Keeps the picture covering the square: no empty edge can be dragged into view. */
function clamp(state: CropState): CropState {
  const scale = scaleOf(state);
  const minX = state.viewport - state.imageWidth * scale;
  const minY = state.viewport - state.imageHeight * scale;
  return { ...state, offsetX: Math.min(0, Math.max(minX, state.offsetX)), offsetY: Math.min(0, Math.max(minY, state.offsetY)) };
}

export function moveCrop(state: CropState, dx: number, dy: number): CropState {
  return clamp({ ...state, offsetX: state.offsetX + dx, offsetY: state.offsetY + dy });
}

/** Zooms around the centre of the square, so what the user looks at stays in the middle. */
export function zoomCrop(state: CropState, zoom: number): CropState {
  const next = Math.min(MAX_ZOOM, Math.max(1, zoom));
  const ratio = next / state.zoom;
  const centre = state.viewport / 2;
  return clamp({ ...state, zoom: next, offsetX: centre - (centre - state.offsetX) * ratio, offsetY: centre - (centre - state.offsetY) * ratio });
}

/** The part of the picture (in its own pixels) that the square shows: what drawImage takes as its source. */
export function sourceRect(state: CropState): { x: number; y: number; size: number } {
  const scale = scaleOf(state);
  return { x: -state.offsetX / scale, y: -state.offsetY / scale, size: state.viewport / scale };
}
