import { sourceRect, type CropState } from "./avatar-crop";

/** JPEG photos stay JPEG (much smaller at 160×160); PNG keeps its transparency. */
export function outputTypeOf(file: File): "image/png" | "image/jpeg" {
  return file.type === "image/png" || file.name.toLowerCase().endsWith(".png") ? "image/png" : "image/jpeg";
}

/** Draws what the square shows onto a canvas of the given side; null where the browser has no 2D canvas. */
export function drawCrop(canvas: HTMLCanvasElement, image: CanvasImageSource, state: CropState, side: number): boolean {
  const context = canvas.getContext("2d");
  if (!context) return false;
  const { x, y, size } = sourceRect(state);
  context.clearRect(0, 0, side, side);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, x, y, size, size, 0, 0, side, side);
  return true;
}

/** The cropped avatar as the data: URL that uploadHeadPortrait takes as base64Data. */
export function renderAvatarDataUrl(image: CanvasImageSource, state: CropState, side: number, type: "image/png" | "image/jpeg"): string | null {
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  return drawCrop(canvas, image, state, side) ? canvas.toDataURL(type, 0.92) : null;
}
