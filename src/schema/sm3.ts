/**
 * SM3 (GB/T 32905-2016), the platform's second digest, as a streaming hash that runs in the
 * browser as well as in Node (the server uses node:crypto's "sm3", which is faster; tests check
 * both agree). No dependency: the algorithm is 60 lines, and @noble/hashes does not include it.
 */

const IV = [0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e];
const BLOCK_BYTES = 64;

const rotl = (x: number, n: number) => ((x << (n & 31)) | (x >>> ((32 - (n & 31)) & 31))) >>> 0;

/** T_j rotated left by j, precomputed for the 64 rounds. */
const ROUND_CONSTANTS = Int32Array.from({ length: 64 }, (_, j) => rotl(j < 16 ? 0x79cc4519 : 0x7a879d8a, j));

export class Sm3 {
  private readonly state = Int32Array.from(IV);
  private readonly block = new Uint8Array(BLOCK_BYTES);
  private blockLength = 0;
  /** Total bytes hashed; a double is exact up to 2^53 bytes, far beyond any file. */
  private totalBytes = 0;
  private readonly w = new Int32Array(68);
  private isFinished = false;

  update(data: Uint8Array): this {
    if (this.isFinished) throw new Error("Sm3: update after digest");
    this.totalBytes += data.length;
    let offset = 0;
    if (this.blockLength > 0) {
      const take = Math.min(BLOCK_BYTES - this.blockLength, data.length);
      this.block.set(data.subarray(0, take), this.blockLength);
      this.blockLength += take;
      offset = take;
      if (this.blockLength < BLOCK_BYTES) return this;
      this.compress(this.block, 0);
      this.blockLength = 0;
    }
    for (; offset + BLOCK_BYTES <= data.length; offset += BLOCK_BYTES) this.compress(data, offset);
    if (offset < data.length) {
      this.block.set(data.subarray(offset), 0);
      this.blockLength = data.length - offset;
    }
    return this;
  }

  digest(): Uint8Array {
    if (this.isFinished) throw new Error("Sm3: digest called twice");
    const bitLength = this.totalBytes * 8;
    // Padding: 0x80, zeros up to 56 mod 64, then the 64-bit big-endian bit length.
    const padLength = (this.blockLength < 56 ? 56 : 120) - this.blockLength;
    const tail = new Uint8Array(padLength + 8);
    tail[0] = 0x80;
    const view = new DataView(tail.buffer);
    view.setUint32(padLength, Math.floor(bitLength / 2 ** 32));
    view.setUint32(padLength + 4, bitLength >>> 0);
    this.update(tail);
    this.isFinished = true;
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    this.state.forEach((word, index) => outView.setInt32(index * 4, word));
    return out;
  }

  digestHex(): string {
    return toHex(this.digest());
  }

  /** Int32 arithmetic throughout (`| 0`) keeps every value a small integer for the JIT; rotations
   * are written out because their counts are constants. */
  private compress(data: Uint8Array, offset: number): void {
    const { w, state } = this;
    for (let i = 0; i < 16; i++) {
      const at = offset + i * 4;
      w[i] = (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3];
    }
    for (let j = 16; j < 68; j++) {
      const x = w[j - 16] ^ w[j - 9] ^ ((w[j - 3] << 15) | (w[j - 3] >>> 17));
      const w13 = w[j - 13];
      w[j] = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w13 << 7) | (w13 >>> 25)) ^ w[j - 6];
    }
    let a = state[0] | 0, b = state[1] | 0, c = state[2] | 0, d = state[3] | 0;
    let e = state[4] | 0, f = state[5] | 0, g = state[6] | 0, h = state[7] | 0;
    for (let j = 0; j < 64; j++) {
      const a12 = (a << 12) | (a >>> 20);
      const sum = (a12 + e + ROUND_CONSTANTS[j]) | 0;
      const ss1 = (sum << 7) | (sum >>> 25);
      const ss2 = ss1 ^ a12;
      const ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
      const gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
      const wj = w[j];
      const tt1 = (ff + d + ss2 + (wj ^ w[j + 4])) | 0;
      const tt2 = (gg + h + ss1 + wj) | 0;
      d = c;
      c = (b << 9) | (b >>> 23);
      b = a;
      a = tt1;
      h = g;
      g = (f << 19) | (f >>> 13);
      f = e;
      e = tt2 ^ ((tt2 << 9) | (tt2 >>> 23)) ^ ((tt2 << 17) | (tt2 >>> 15));
    }
    state[0] ^= a;
    state[1] ^= b;
    state[2] ^= c;
    state[3] ^= d;
    state[4] ^= e;
    state[5] ^= f;
    state[6] ^= g;
    state[7] ^= h;
  }
}

/** SM3 of a whole byte string, lowercase hex. */
export function sm3Hex(data: Uint8Array): string {
  return new Sm3().update(data).digestHex();
}

export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
