import { createRequire } from "node:module";
import zlib from "node:zlib";
import yazl from "yazl";

/**
 * A yazl ZipFile whose CRC-32s are computed natively. yazl checksums every byte it writes with
 * buffer-crc32, a JavaScript table loop (about 0.4 GB/s per core): for a package of large
 * originals that was the largest cost after the disk, more than checking their SHA-256. Node
 * 20.15+ has zlib.crc32 (zlib's own, about 4 GB/s), the same function (ISO 3309, as ZIP requires),
 * so yazl's instance of buffer-crc32 is pointed at it once. Anything but a buffer with a numeric
 * running value (the only way yazl calls it) still goes to the original.
 */
export function createZipFile(): yazl.ZipFile {
  useNativeCrc32();
  return new yazl.ZipFile();
}

type Crc32Module = { unsigned: (input: unknown, previous?: unknown) => number };

let isPatched = false;

function useNativeCrc32() {
  if (isPatched) return;
  isPatched = true;
  // The very module instance yazl required, whatever the install layout.
  const crc32 = createRequire(createRequire(import.meta.url).resolve("yazl"))("buffer-crc32") as Crc32Module;
  const original = crc32.unsigned;
  crc32.unsigned = (input, previous) =>
    input instanceof Uint8Array && (previous === undefined || typeof previous === "number") ? zlib.crc32(input, previous === undefined ? 0 : previous >>> 0) : original(input, previous);
}
