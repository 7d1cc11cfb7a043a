/** Bits set in a 32-bit integer (SWAR popcount). */
export function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Hamming distance between two 64-bit hashes written as 16 hex digits. */
export function hammingHex64(a: string, b: string): number {
  return (
    popcount32((parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) >>> 0) +
    popcount32((parseInt(a.slice(8, 16), 16) ^ parseInt(b.slice(8, 16), 16)) >>> 0)
  );
}

/** 64 bits (most significant first) to 16 lowercase hex digits. */
export function bitsToHex64(bits: ArrayLike<boolean | number>): string {
  let hex = "";
  for (let nibble = 0; nibble < 16; nibble += 1) {
    let value = 0;
    for (let bit = 0; bit < 4; bit += 1) value = (value << 1) | (bits[nibble * 4 + bit] ? 1 : 0);
    hex += value.toString(16);
  }
  return hex;
}
