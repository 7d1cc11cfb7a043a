import QRCode from "qrcode";
import { useMemo } from "react";

/** Light modules around the symbol, as ISO/IEC 18004 asks for (4 is the standard, 2 reads fine on screen). */
const QUIET_ZONE_MODULES = 2;

/**
 * A real QR code for `text`, drawn as one SVG path from the `qrcode` package's module matrix, so it
 * is ready on the first render and sharp at any size.
 */
export function QrCodeImage({ text, label, size = 148 }: { text: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => qrCodePath(text), [text]);
  return (
    <svg role="img" aria-label={label} data-qr-text={text} width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} shapeRendering="crispEdges">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#0b1a33" />
    </svg>
  );
}

/** One `h1v1h-1z` square per dark module, offset by the quiet zone. */
export function qrCodePath(text: string): { path: string; extent: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h1v1h-1z`);
    }
  }
  return { path: parts.join(""), extent: modules.size + QUIET_ZONE_MODULES * 2 };
}
