export type ImageMimeType = "image/png" | "image/jpeg";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image format by its first bytes, never by the name or the declared type a browser sends:
 * PNG's 8-byte signature, JPEG's SOI marker followed by another marker.
 */
export function sniffImageType(content: Buffer): ImageMimeType | null {
  if (content.length >= PNG_SIGNATURE.length && content.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return "image/png";
  if (content.length >= 4 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return "image/jpeg";
  return null;
}
