/**
 * The chunk chain of a recording (issue 16): each chunk is hashed as it arrives and chained,
 *   h_0 = H("hengzheng-recording-chain/1\n" ‖ recording uid)
 *   h_i = H(h_{i-1} ‖ H(chunk_i))            for i = 1..n (chunk_i is the i-th chunk, index i-1)
 * once with SHA-256 and once with SM3. An anchor logs h_k for the first k chunks, so a removed,
 * changed or reordered chunk before k changes h_k, and a recording cut off after chunk k still
 * proves its first k chunks. The server (server/modules/recording) and every verifier (the public
 * page, the offline CLI) run this same code; the digests are passed in, as the ledger's are.
 */

/** A synchronous digest of the parts concatenated. */
export type ChainDigest = (...parts: readonly Uint8Array[]) => Uint8Array;

export interface ChainDigests {
  readonly sha256: ChainDigest;
  readonly sm3: ChainDigest;
}

export const CHAIN_DOMAIN = "hengzheng-recording-chain/1\n";

/** The two heads of a chain, lowercase hex. */
export interface ChainHeads {
  readonly sha256: string;
  readonly sm3: string;
}

/** One chunk's own digests and the heads after it. */
export interface ChainLink {
  readonly chunkSha256: string;
  readonly chunkSm3: string;
  readonly heads: ChainHeads;
}

const encoder = new TextEncoder();

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new TypeError(`not lowercase hex: ${hex.slice(0, 20)}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** h_0 of the recording named by `uid` (the anchor entries' `recording`). */
export function chainStart(uid: string, digests: ChainDigests): ChainHeads {
  const seed = encoder.encode(CHAIN_DOMAIN + uid);
  return { sha256: toHex(digests.sha256(seed)), sm3: toHex(digests.sm3(seed)) };
}

/**
 * The link of one chunk given the heads before it. `chunkDigests` may be passed when the chunk's
 * own digests are already known (computed while it streamed in), so a large chunk is read once.
 */
export function chainStep(previous: ChainHeads, chunk: Uint8Array | ChunkDigests, digests: ChainDigests): ChainLink {
  const own = chunk instanceof Uint8Array ? { sha256: toHex(digests.sha256(chunk)), sm3: toHex(digests.sm3(chunk)) } : chunk;
  return {
    chunkSha256: own.sha256,
    chunkSm3: own.sm3,
    heads: {
      sha256: toHex(digests.sha256(fromHex(previous.sha256), fromHex(own.sha256))),
      sm3: toHex(digests.sm3(fromHex(previous.sm3), fromHex(own.sm3))),
    },
  };
}

export interface ChunkDigests {
  readonly sha256: string;
  readonly sm3: string;
}

/** The heads after every chunk in order: element k-1 is h_k. */
export function chainHeads(uid: string, chunks: Iterable<Uint8Array | ChunkDigests>, digests: ChainDigests): ChainHeads[] {
  const heads: ChainHeads[] = [];
  let current = chainStart(uid, digests);
  for (const chunk of chunks) {
    current = chainStep(current, chunk, digests).heads;
    heads.push(current);
  }
  return heads;
}
