/**
 * A genuine recording package for the verifier's tests, built here from the contract
 * (src/schema/recording-package.ts): random chunks, the chain (isomorphic/recording/chunk-chain.ts),
 * anchor entries logged in a small in-memory ledger between other entries with a platform-signed
 * checkpoint and their tlog-proofs, and a stored ZIP. A test edits the model (drops, swaps,
 * truncates) and writes it again, optionally re-deriving what a forger could re-derive (offsets,
 * chunks.json heads, the manifest's digests): only what is on the ledger stays fixed.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import yazl from "yazl";
import { hashLeaf } from "../../../isomorphic/ledger/hashing.js";
import { createProofBundle, formatProofBundle } from "../../../isomorphic/ledger/proof-bundle.js";
import { chainHeads } from "../../../isomorphic/recording/chunk-chain.js";
import { CheckpointSigner } from "../../../server/ledger/checkpoint-signer.js";
import { CompactRange } from "../../../server/ledger/compact-range.js";
import { nodeChainDigests, sha256 } from "../../../server/ledger/node-crypto.js";
import { generateNoteKeys, parseSignerKey } from "../../../server/ledger/signer-keys.js";
import { buildRecordingAnchorEntry, type RecordingAnchorEntry } from "../../../src/schema/recording-anchor-entry.js";
import {
  RECORDING_PACKAGE_FORMAT,
  RECORDING_PACKAGE_PATHS,
  type RecordingAnchorProof,
  type RecordingChunk,
  type RecordingPackageManifest,
  type RecordingPartDescription,
} from "../../../src/schema/recording-package.js";
import { MemoryNodeStore } from "../../support/memory-node-store.js";

export const ANCHOR_ORIGIN = "hengzheng.test/recording-log";
const DIR = "recording-1";
const MEDIA = `${DIR}/media.webm`;
const START = 1_767_225_600_000;
const SLICE_MS = 2_000;

const digestHex = (algorithm: string, data: Uint8Array) => createHash(algorithm).update(data).digest("hex");

export interface RecordingPackageModel {
  uid: string;
  certificateNo: string;
  /** The media's chunks, in the order written. */
  media: Uint8Array[];
  chunks: RecordingChunk[];
  anchors: RecordingAnchorProof[];
  description: RecordingPartDescription;
}

/** Chunk list entries for `media` as the server would write them (offsets, own digests, heads). */
export function chunkEntriesOf(uid: string, media: readonly Uint8Array[]): RecordingChunk[] {
  const heads = chainHeads(uid, media, nodeChainDigests);
  let offset = 0;
  return media.map((chunk, index) => {
    const entry: RecordingChunk = {
      index,
      offset,
      bytes: chunk.length,
      sha256: digestHex("sha256", chunk),
      sm3: digestHex("sm3", chunk),
      chainSha256: heads[index].sha256,
      chainSm3: heads[index].sm3,
      recordedMs: (index + 1) * SLICE_MS,
      receivedAt: START + (index + 1) * SLICE_MS + 150,
    };
    offset += chunk.length;
    return entry;
  });
}

/**
 * `chunkCount` chunks anchored after each count in `anchorAt` (the last one final unless
 * `isFinal` is false), logged under a checkpoint signed with a fresh key (`verifierKey`).
 */
export async function recordingPackageModel(options: { chunkCount?: number; anchorAt?: number[]; isFinal?: boolean; certificateNo?: string } = {}) {
  const chunkCount = options.chunkCount ?? 6;
  const anchorAt = options.anchorAt ?? [3, chunkCount];
  const uid = randomBytes(16).toString("hex");
  const media = Array.from({ length: chunkCount }, (_, i) => new Uint8Array(randomBytes(200 + i * 37)));
  const chunks = chunkEntriesOf(uid, media);
  const entries: { entry: RecordingAnchorEntry; text: string }[] = anchorAt.map((count, i) =>
    buildRecordingAnchorEntry({
      recording: uid,
      seq: i + 1,
      chunks: count,
      durationMs: count * SLICE_MS,
      sha256: chunks[count - 1].chainSha256,
      sm3: chunks[count - 1].chainSm3,
      time: START + count * SLICE_MS + 500,
      final: i === anchorAt.length - 1 && options.isFinal !== false,
    }),
  );
  const keys = generateNoteKeys(ANCHOR_ORIGIN);
  // Other entries around the anchors, as a shared log has.
  const leaves = [new TextEncoder().encode("other entry 0")];
  const anchorIndexes = entries.map((entry) => {
    leaves.push(new TextEncoder().encode(entry.text), new TextEncoder().encode(`other entry ${leaves.length + 1}`));
    return leaves.length - 2;
  });
  const store = new MemoryNodeStore();
  const range = CompactRange.empty();
  range.appendAll(leaves.map((leaf) => hashLeaf(leaf, sha256)), store.put);
  const signer = new CheckpointSigner({ origin: ANCHOR_ORIGIN, signers: [parseSignerKey(keys.signerKey).signer] });
  const checkpoint = await signer.sign({ size: leaves.length, rootHash: range.root() });
  const anchors: RecordingAnchorProof[] = await Promise.all(
    entries.map(async ({ entry, text }, i) => ({
      entry: text,
      fields: entry,
      ledgerIndex: anchorIndexes[i],
      proof: formatProofBundle(await createProofBundle({ index: anchorIndexes[i], leafHash: hashLeaf(leaves[anchorIndexes[i]], sha256), signedCheckpoint: checkpoint, getNodeHash: store.reader }, sha256)),
    })),
  );
  const description: RecordingPartDescription = {
    uid,
    mediaPath: MEDIA,
    mimeType: "video/webm;codecs=vp8",
    startedAt: new Date(START).toISOString(),
    endedAt: new Date(START + chunkCount * SLICE_MS).toISOString(),
    durationMs: chunkCount * SLICE_MS,
    chunkCount,
    ending: "stopped",
    environment: { source: "browser", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140", os: "Linux", screen: { width: 1280, height: 720, pixelRatio: 1 }, surface: "monitor", mimeType: "video/webm;codecs=vp8", timeZone: "Asia/Shanghai", clockOffsetMs: 12, device: null },
  };
  const model: RecordingPackageModel = { uid, certificateNo: options.certificateNo ?? "HZ2026000000000001", media, chunks, anchors, description };
  return { model, verifierKey: keys.verifierKey };
}

const concat = (parts: readonly Uint8Array[]) => Buffer.concat(parts.map((part) => Buffer.from(part)));

/**
 * The package's ZIP. `manifestFiles` (default) lists every file with the digests of what is written,
 * as a forger who rewrote the package would; "stale" keeps the digests of `stale` (the model as sealed).
 */
export async function writeRecordingPackage(model: RecordingPackageModel, options: { staleFrom?: RecordingPackageModel } = {}): Promise<Buffer> {
  const filesOf = (source: RecordingPackageModel): [string, Buffer][] => [
    [`${DIR}/${RECORDING_PACKAGE_PATHS.description}`, Buffer.from(JSON.stringify(source.description, null, 2))],
    [`${DIR}/${RECORDING_PACKAGE_PATHS.chunks}`, Buffer.from(JSON.stringify(source.chunks))],
    [`${DIR}/${RECORDING_PACKAGE_PATHS.anchors}`, Buffer.from(JSON.stringify(source.anchors))],
    [MEDIA, concat(source.media)],
  ];
  const files = filesOf(model);
  const listed = filesOf(options.staleFrom ?? model);
  const manifest: RecordingPackageManifest = {
    format: RECORDING_PACKAGE_FORMAT,
    kind: "screenRecord",
    certificateNo: model.certificateNo,
    name: "店铺页面录屏",
    sealedAt: new Date(START + 60_000).toISOString(),
    parts: [{ dir: DIR, uid: model.uid, label: "录像" }],
    files: listed.map(([path, data]) => ({ path, bytes: data.length, sha256: digestHex("sha256", data), sm3: digestHex("sm3", data) })),
  };
  const zip = new yazl.ZipFile();
  for (const [path, data] of [[RECORDING_PACKAGE_PATHS.manifest, Buffer.from(JSON.stringify(manifest, null, 2))] as [string, Buffer], ...files]) {
    zip.addBuffer(data, path, { compress: false, mtime: new Date(START) });
  }
  zip.end();
  return buffer(zip.outputStream as Readable);
}

/** The model with its chunks replaced and everything a forger can recompute recomputed (offsets, heads). */
export function withMedia(model: RecordingPackageModel, media: Uint8Array[]): RecordingPackageModel {
  return { ...model, media, chunks: chunkEntriesOf(model.uid, media), description: { ...model.description, chunkCount: media.length } };
}
