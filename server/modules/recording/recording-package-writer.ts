import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  RECORDING_PACKAGE_FORMAT,
  RECORDING_PACKAGE_PATHS,
  type RecordingAnchorProof,
  type RecordingChunk,
  type RecordingPackageFile,
  type RecordingPackageManifest,
  type RecordingPartDescription,
} from "../../../src/schema/recording-package.js";
import type { PackagedFile } from "../../capture/capture-engine.types.js";
import { PackageDigest } from "../../capture/package/package-digest.js";
import { writeStoredZip } from "../../capture/package/stored-zip.js";
import type { AttachedFile } from "./recording-files.js";

/** The folder of a single recording in its package (a mobile array's parts are part-1, part-2, …). */
export const SINGLE_PART_DIR = "recording";

/** A chunk as the package takes it: its recorded facts, and its bytes when they are read. */
export type PackageChunk = RecordingChunk & { open(): Promise<Readable> };

/** One folder of the package: a recording's description, its chunks (in order), its anchors with proofs, what its recorder attached. */
export type PackagePart = {
  dir: string;
  label: string;
  description: RecordingPartDescription;
  chunks: readonly PackageChunk[];
  anchors: readonly RecordingAnchorProof[];
  attached: readonly AttachedFile[];
};

export type PackageHeader = Pick<RecordingPackageManifest, "kind" | "certificateNo" | "name" | "sealedAt">;

/**
 * Writes the sealed package of a recording (src/schema/recording-package.ts) to `target`: per part
 * recording.json, chunks.json, anchors.json, the media (its chunks concatenated, each checked
 * against the digest it arrived with), the recorder's files; then manifest.json listing every other
 * file with its digests. Stored, entry times the recording's start, so one recording gives one package.
 */
export async function writeRecordingPackage(target: string, header: PackageHeader, parts: readonly PackagePart[], startedAt: Date): Promise<{ whole: PackagedFile; files: RecordingPackageFile[] }> {
  const files: RecordingPackageFile[] = [];
  const whole = await writeStoredZip(target, startedAt, async (entries) => {
    const addText = (path: string, value: unknown) => {
      const data = Buffer.from(`${JSON.stringify(value, null, 2)}\n`, "utf8");
      entries.buffer(path, data);
      files.push(PackageDigest.of(path, data));
    };
    const addStream = async (path: string, source: Readable, size: number) => {
      const digest = new PackageDigest();
      const tap = digest.tap();
      const read = pipeline(source, tap);
      entries.stream(path, tap, size);
      await read;
      const file = digest.result(path);
      if (file.bytes !== size) throw new Error(`${path}: ${file.bytes} bytes packaged, ${size} expected`);
      files.push(file);
    };
    for (const part of parts) {
      addText(`${part.dir}/${RECORDING_PACKAGE_PATHS.description}`, part.description);
      addText(`${part.dir}/${RECORDING_PACKAGE_PATHS.chunks}`, part.chunks.map(({ open: _open, ...chunk }) => chunk));
      addText(`${part.dir}/${RECORDING_PACKAGE_PATHS.anchors}`, part.anchors);
      const mediaBytes = part.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
      await addStream(part.description.mediaPath, Readable.from(checkedChunks(part.chunks)), mediaBytes);
      for (const file of part.attached) {
        const { stream, size } = await file.open();
        await addStream(`${part.dir}/${file.name}`, stream, size);
      }
    }
    const manifest: RecordingPackageManifest = {
      format: RECORDING_PACKAGE_FORMAT,
      ...header,
      parts: parts.map((part) => ({ dir: part.dir, uid: part.description.uid, label: part.label })),
      files: [...files],
    };
    entries.buffer(RECORDING_PACKAGE_PATHS.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8"));
  });
  return { whole, files };
}

/** The chunks' bytes in order, each refused unless it still has the digest it arrived with. */
async function* checkedChunks(chunks: readonly PackageChunk[]): AsyncGenerator<Buffer> {
  for (const chunk of chunks) {
    const hash = createHash("sha256");
    for await (const piece of await chunk.open()) {
      hash.update(piece as Buffer);
      yield piece as Buffer;
    }
    if (hash.digest("hex") !== chunk.sha256) throw new Error(`chunk ${chunk.index} no longer matches the digest it arrived with`);
  }
}
