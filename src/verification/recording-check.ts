import { parseProofBundle } from "../../isomorphic/ledger/proof-bundle";
import { verifyEvidenceBundle } from "../../isomorphic/ledger/verify-bundle";
import { chainHeads, fromHex, type ChainDigests, type ChainHeads } from "../../isomorphic/recording/chunk-chain";
import { canonicalJson } from "../schema/canonical-json";
import { formatDateTime, formatDuration } from "../schema/format";
import { parseRecordingAnchorEntry, type RecordingAnchorEntry } from "../schema/recording-anchor-entry";
import {
  RECORDING_PACKAGE_FORMAT,
  RECORDING_PACKAGE_PATHS,
  RecordingAnchorListSchema,
  RecordingChunkListSchema,
  RecordingPackageManifestSchema,
  RecordingPartDescriptionSchema,
  type RecordingAnchorProof,
  type RecordingChunk,
  type RecordingPackageManifest,
  type RecordingPartDescription,
} from "../schema/recording-package";
import { certificateCheck, PREREQUISITE_FAILED, type CertificateCheck } from "./certificate-check";
import { nobleLedgerCrypto } from "./ledger-crypto";
import { listedFileProblems, openZipPackage, type OpenedZipPackage, type PackageCheckTools } from "./package-zip";

/**
 * The checks of a recording package (src/schema/recording-package.ts) on its own, beside the
 * certificate's check of the whole file's digests: every listed file's digests; per recording, that
 * chunks.json tiles the media exactly, each chunk's digests, the chunk chain recomputed from the media
 * (isomorphic/recording/chunk-chain.ts) against chunks.json and against every anchor; every anchor
 * entry included under a checkpoint signed by a trusted platform key; and whether the last anchor is
 * final and covers every chunk. Anchors are what prove that nothing was cut out: chunks.json is the
 * platform's own statement, an anchor is on the ledger since the time it was made.
 */

export interface RecordingCheckInput {
  readonly verifierKeys: readonly string[];
  /** The certificate's number, which the manifest must carry. */
  readonly certificateNo?: string;
}

interface OpenedPart {
  readonly label: string;
  readonly uid: string;
  readonly description: RecordingPartDescription;
  readonly chunks: readonly RecordingChunk[];
  readonly anchors: readonly RecordingAnchorProof[];
  readonly media: Uint8Array;
}

interface OpenedRecordingPackage {
  readonly zip: OpenedZipPackage;
  readonly manifest: RecordingPackageManifest;
  readonly parts: readonly OpenedPart[];
}

/** Whether these bytes are a ZIP whose manifest.json names the recording package format. */
export function isRecordingPackage(bytes: Uint8Array, tools: Pick<PackageCheckTools, "inflateRaw">): boolean {
  try {
    const manifest = openZipPackage(bytes, tools).readJson(RECORDING_PACKAGE_PATHS.manifest) as { format?: unknown } | null;
    return manifest?.format === RECORDING_PACKAGE_FORMAT;
  } catch {
    return false;
  }
}

export function checkRecordingPackage(bytes: Uint8Array, tools: PackageCheckTools, input: RecordingCheckInput): CertificateCheck[] {
  let opened: OpenedRecordingPackage;
  try {
    opened = openPackage(bytes, tools, input);
  } catch (error) {
    return [
      certificateCheck("recording-structure", "fail", "文件不是完整的录像取证包", (error as Error).message),
      ...(["recording-files", "recording-chunks", "recording-anchors", "recording-complete"] as const).map((id) => certificateCheck(id, "skip", PREREQUISITE_FAILED)),
    ];
  }
  const chunkCount = opened.parts.reduce((sum, part) => sum + part.chunks.length, 0);
  const verdicts = opened.parts.map((part) => checkPart(part, tools, input));
  const many = opened.parts.length > 1;
  const labelled = (part: OpenedPart, text: string) => (many ? `${part.label}：${text}` : text);
  const combine = (id: "recording-chunks" | "recording-anchors" | "recording-complete", pick: (verdict: PartVerdict) => Verdict) => {
    const failed = opened.parts.map((part, i) => ({ part, verdict: pick(verdicts[i]) })).filter(({ verdict }) => !verdict.ok);
    if (failed.length === 0) return certificateCheck(id, "pass", opened.parts.map((part, i) => labelled(part, pick(verdicts[i]).reason)).join("；"));
    const details = failed.flatMap(({ part, verdict }) => (verdict.detail ? [labelled(part, verdict.detail)] : []));
    return certificateCheck(id, "fail", failed.map(({ part, verdict }) => labelled(part, verdict.reason)).join("；"), details.length > 0 ? details.join("\n") : undefined);
  };
  return [
    certificateCheck("recording-structure", "pass", `录像取证包含 ${opened.parts.length} 段录像、共 ${chunkCount} 个分片，证书编号 ${opened.manifest.certificateNo}`),
    checkListedFiles(opened, tools),
    combine("recording-chunks", (verdict) => verdict.chunks),
    combine("recording-anchors", (verdict) => verdict.anchors),
    combine("recording-complete", (verdict) => verdict.complete),
  ];
}

function parsed<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown, path: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`${path} 的内容不符合录像取证包格式（${issue.path.join(".") || "根"}：${issue.message}）`);
}

function openPackage(bytes: Uint8Array, tools: PackageCheckTools, input: RecordingCheckInput): OpenedRecordingPackage {
  const zip = openZipPackage(bytes, tools);
  const manifest = parsed(RecordingPackageManifestSchema, zip.readJson(RECORDING_PACKAGE_PATHS.manifest), RECORDING_PACKAGE_PATHS.manifest);
  if (input.certificateNo !== undefined && manifest.certificateNo !== input.certificateNo) {
    throw new Error(`取证包清单记载的证书编号 ${manifest.certificateNo} 与证书的 ${input.certificateNo} 不同`);
  }
  const parts = manifest.parts.map(({ dir, uid, label }): OpenedPart => {
    const at = (name: string) => `${dir}/${name}`;
    const description = parsed(RecordingPartDescriptionSchema, zip.readJson(at(RECORDING_PACKAGE_PATHS.description)), at(RECORDING_PACKAGE_PATHS.description));
    if (description.uid !== uid) throw new Error(`${at(RECORDING_PACKAGE_PATHS.description)} 记载的录像标识与清单不同`);
    const chunks = parsed(RecordingChunkListSchema, zip.readJson(at(RECORDING_PACKAGE_PATHS.chunks)), at(RECORDING_PACKAGE_PATHS.chunks));
    const anchors = parsed(RecordingAnchorListSchema, zip.readJson(at(RECORDING_PACKAGE_PATHS.anchors)), at(RECORDING_PACKAGE_PATHS.anchors));
    // mediaPath is the path inside the package; a path relative to the part's folder is read too.
    const mediaEntry = zip.entries.get(description.mediaPath) ?? zip.entries.get(at(description.mediaPath));
    if (!mediaEntry) throw new Error(`包内没有录像文件 ${description.mediaPath}`);
    return { label, uid, description, chunks, anchors, media: zip.contentOf(mediaEntry) };
  });
  return { zip, manifest, parts };
}

function checkListedFiles({ zip, manifest }: OpenedRecordingPackage, tools: PackageCheckTools): CertificateCheck {
  const problems = listedFileProblems(
    zip,
    manifest.files,
    (file, content) => (tools.sha256(content) !== file.sha256 ? [`${file.path} 的 SHA-256 摘要与清单记载不一致`] : tools.sm3(content) !== file.sm3 ? [`${file.path} 的 SM3 摘要与清单记载不一致`] : []),
    [RECORDING_PACKAGE_PATHS.manifest],
  );
  if (problems.length > 0) return certificateCheck("recording-files", "fail", `包内文件与清单不一致：${problems[0]}${problems.length > 1 ? `（共 ${problems.length} 处）` : ""}`, problems.join("\n"));
  return certificateCheck("recording-files", "pass", `清单列出的 ${manifest.files.length} 个文件大小与 SHA-256、SM3 摘要全部一致，包内没有清单之外的文件`);
}

// ---- one recording ----

interface Verdict {
  readonly ok: boolean;
  readonly reason: string;
  readonly detail?: string;
}

interface PartVerdict {
  readonly chunks: Verdict;
  readonly anchors: Verdict;
  readonly complete: Verdict;
}

const nth = (index: number) => `第 ${index + 1} 个分片`;
const durationText = (ms: number) => formatDuration(ms / 1000) || "0秒";

/** Digests of one input, as the chain takes them (its inputs are small: two heads, or a seed). */
function chainDigestsOf(tools: PackageCheckTools): ChainDigests {
  const joined = (parts: readonly Uint8Array[]) => {
    if (parts.length === 1) return parts[0];
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };
  return { sha256: (...parts) => fromHex(tools.sha256(joined(parts))), sm3: (...parts) => fromHex(tools.sm3(joined(parts))) };
}

/**
 * The chunks as the media holds them: where chunks.json says they lie. The first problem found names
 * its chunk; chunks.json and the media must agree exactly, since the platform wrote both.
 */
function checkChunks(part: OpenedPart, tools: PackageCheckTools): { verdict: Verdict; heads: ChainHeads[] | null; firstBad: number | null } {
  const { chunks, media } = part;
  const problems: { index: number; text: string }[] = [];
  let offset = 0;
  let isCut = false;
  const digests: { sha256: string; sm3: string }[] = [];
  for (let i = 0; i < chunks.length; i += 1) {
    const chunk = chunks[i];
    if (chunk.index !== i) problems.push({ index: i, text: `${nth(i)}的序号记为 ${chunk.index + 1}：分片缺失或顺序被调换` });
    if (chunk.offset !== offset) problems.push({ index: i, text: `${nth(i)}应从录像文件第 ${offset} 字节开始，chunks.json 记为 ${chunk.offset}：前面有分片被删除、插入或调换` });
    const content = media.subarray(chunk.offset, chunk.offset + chunk.bytes);
    offset = chunk.offset + chunk.bytes;
    if (content.length !== chunk.bytes) {
      problems.push({ index: i, text: `${nth(i)}超出录像文件末尾：录像文件被截短` });
      isCut = true;
      digests.push({ sha256: "", sm3: "" });
      continue;
    }
    const own = { sha256: tools.sha256(content), sm3: tools.sm3(content) };
    digests.push(own);
    if (own.sha256 !== chunk.sha256 || own.sm3 !== chunk.sm3) problems.push({ index: i, text: `${nth(i)}的内容与其摘要不符：该分片被改动、删除或调换了位置` });
  }
  if (offset < media.length) problems.push({ index: chunks.length, text: `录像文件在最后一个分片之后还有 ${media.length - offset} 字节未列入 chunks.json` });
  const heads = isCut ? null : chainHeads(part.uid, digests, chainDigestsOf(tools));
  if (heads) {
    const broken = heads.findIndex((head, i) => head.sha256 !== chunks[i].chainSha256 || head.sm3 !== chunks[i].chainSm3);
    if (broken >= 0) problems.push({ index: broken, text: `由录像重新计算的哈希链在${nth(broken)}处与 chunks.json 记载的不一致` });
  }
  if (problems.length === 0) {
    return { verdict: { ok: true, reason: `${chunks.length} 个分片首尾相接、恰好构成录像文件（${media.length} 字节），每个分片的 SHA-256 与 SM3 摘要一致，重新计算的哈希链与记载一致` }, heads, firstBad: null };
  }
  problems.sort((a, b) => a.index - b.index);
  const first = problems[0];
  return {
    verdict: { ok: false, reason: `第一个有问题的是${first.index < chunks.length ? nth(first.index) : "录像文件末尾"}：${first.text}`, detail: problems.map((problem) => problem.text).join("\n") },
    heads,
    firstBad: first.index,
  };
}

function checkPart(part: OpenedPart, tools: PackageCheckTools, input: RecordingCheckInput): PartVerdict {
  const chunkResult = checkChunks(part, tools);
  const { heads } = chunkResult;
  const problems: string[] = [];
  /** The chunks proven by a valid anchor whose heads the media reproduces, and that anchor. */
  let proven: { chunks: number; anchor: RecordingAnchorEntry } | null = null;
  let beyond: RecordingAnchorEntry | null = null;
  let previousChunks = 0;
  part.anchors.forEach((anchor, i) => {
    const name = `第 ${i + 1} 次锚定`;
    const entry = parseRecordingAnchorEntry(anchor.entry);
    if (!entry) return problems.push(`${name}的账本记录不是规范化的 recordingAnchor 记录`);
    if (canonicalJson(anchor.fields) !== anchor.entry) problems.push(`${name}的字段与其账本记录不一致`);
    if (entry.recording !== part.uid) return problems.push(`${name}锚定的是另一段录像`);
    if (entry.seq !== i + 1) problems.push(`${name}的序号记为 ${entry.seq}：锚定记录缺失或顺序被调换`);
    if (entry.final && i !== part.anchors.length - 1) problems.push(`${name}标为结束锚定，其后却还有锚定`);
    if (entry.chunks < previousChunks) problems.push(`${name}覆盖的分片数（${entry.chunks}）少于前一次`);
    previousChunks = Math.max(previousChunks, entry.chunks);
    const ledger = verifyEvidenceBundle({ entryBytes: anchor.entry, bundle: anchor.proof, verifierKeys: input.verifierKeys }, nobleLedgerCrypto);
    if (!ledger.ok) {
      const failed = ledger.checks.find((check) => check.status === "fail");
      return problems.push(`${name}的账本证明未通过：${failed ? `${failed.name}——${failed.reason}` : "包含证明未能核对"}`);
    }
    if (parseProofBundle(anchor.proof).index !== anchor.ledgerIndex) problems.push(`${name}的证明所证账本序号与记载的 ${anchor.ledgerIndex} 不一致`);
    if (entry.chunks > part.chunks.length) {
      beyond ??= entry;
      return problems.push(`${name}证明录制了至少 ${entry.chunks} 个分片，包内只有 ${part.chunks.length} 个`);
    }
    if (!heads) return;
    const head = heads[entry.chunks - 1];
    if (head.sha256 !== entry.sha256 || head.sm3 !== entry.sm3) {
      const from = (proven?.chunks ?? 0) + 1;
      const where = chunkResult.firstBad !== null && chunkResult.firstBad < entry.chunks ? nth(chunkResult.firstBad) : `第 ${from} 至 ${entry.chunks} 个分片之间`;
      return problems.push(`${name}（覆盖前 ${entry.chunks} 个分片）的哈希链头与录像重新计算的不一致：${where}有分片被删除、改动或调换顺序`);
    }
    if (!proven || entry.chunks >= proven.chunks) proven = { chunks: entry.chunks, anchor: entry };
  });
  const anchors: Verdict =
    part.anchors.length === 0
      ? { ok: false, reason: "没有任何锚定记录，无法证明录像在录制过程中未被删改" }
      : problems.length === 0
        ? { ok: true, reason: `${part.anchors.length} 次锚定均已上链（包含在平台签名的检查点中），各次锚定的哈希链头与录像重新计算的一致` }
        : { ok: false, reason: problems[0], detail: problems.join("\n") };
  return { chunks: chunkResult.verdict, anchors, complete: checkComplete(part, proven, beyond) };
}

/** Whether a valid final anchor covers every chunk; otherwise where the proven part ends. */
function checkComplete(part: OpenedPart, proven: { chunks: number; anchor: RecordingAnchorEntry } | null, beyond: RecordingAnchorEntry | null): Verdict {
  const count = part.chunks.length;
  const provenText = proven
    ? `前 ${proven.chunks} 个分片（录制时长 ${durationText(proven.anchor.durationMs)}）已由第 ${proven.anchor.seq} 次锚定（${formatDateTime(proven.anchor.time)}）证明未被删改`
    : "没有任何分片得到锚定证明";
  if (beyond) {
    return { ok: false, reason: `录像在第 ${count} 个分片后被截断：第 ${beyond.seq} 次锚定证明录制了至少 ${beyond.chunks} 个分片，包内只有 ${count} 个；${provenText}` };
  }
  if (proven?.anchor.final && proven.chunks === count) {
    const ending = part.description.ending === "interrupted" ? "录制中断后按中断前收到的全部内容封存，" : "";
    return { ok: true, reason: `${ending}最后一次锚定为结束锚定，覆盖全部 ${count} 个分片（录制时长 ${durationText(proven.anchor.durationMs)}），录像没有被截断` };
  }
  const upTo = proven?.chunks ?? 0;
  if (upTo < count) return { ok: false, reason: `录像在第 ${upTo} 个分片后中断：${provenText}；其后的 ${count - upTo} 个分片没有锚定证明` };
  return { ok: false, reason: `录像在第 ${count} 个分片后中断：最后一次锚定不是结束锚定，不能证明其后没有内容被截去；${provenText}` };
}
