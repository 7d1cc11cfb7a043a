/**
 * Whether an uploaded seal image is a PNG with transparency: colour type 4 or 6 (an alpha
 * channel) or a tRNS chunk before the image data. Read from the bytes, never the name.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isTransparentPng(bytes: Buffer): "transparent" | "opaque" | "notPng" {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE) || bytes.toString("latin1", 12, 16) !== "IHDR") return "notPng";
  const colourType = bytes[25];
  if (colourType === 4 || colourType === 6) return "transparent";
  for (let offset = 8; offset + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (type === "tRNS") return "transparent";
    if (type === "IDAT" || type === "IEND") break;
    offset += 12 + length;
  }
  return "opaque";
}
