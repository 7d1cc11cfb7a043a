import { createHash } from "node:crypto";
import { closeSync, createReadStream, existsSync, openSync, readFileSync, readSync } from "node:fs";
import { parseArgs } from "node:util";
import { inflateRawSync } from "node:zlib";
import { decodeBase64 } from "../../../isomorphic/ledger/encoding";
import { describeHolderIdentity, HOLDER_IDENTITY_LABEL } from "../../schema/certificate";
import { readCertificatePdf } from "../certificate-file";
import { holderIdentityOfPdf } from "../holder-identity-check";
import type { CertificateCheck } from "../certificate-check";
import { checkDigitalReport, readDigitalReportPdf } from "../digital-report-check";
import { verifyCertificate, type FileContentChecks, type FileDigests } from "../certificate-checks";
import type { PackageCheckTools } from "../package-zip";
import { checkRecordingPackage, isRecordingPackage } from "../recording-check";
import { checkWaczPackage, isWaczPackage } from "../wacz-check";

/**
 * The offline verifier (`hengzheng-verify`, bin/hengzheng-verify.mjs is this module bundled): checks a
 * certificate PDF's embedded proof, and optionally a file and a newer checkpoint, with no server. A
 * file that is a web capture's package (WACZ), a recording package or a digital report is also
 * checked inside (wacz-check.ts, recording-check.ts, digital-report-check.ts).
 * Node-only (file system, node:crypto SM3); the checks themselves are the verification pages' own.
 */

export const USAGE = `用法：
  hengzheng-verify verify <证书.pdf> [原文件] [--key <平台公钥或其文件>]
                   [--checkpoint <更新的检查点文件> --consistency <一致性证明.json>]

  原文件         存证的文件；网页取证的取证包（.wacz）还会逐一核对包内清单与文件的摘要；
                 录像取证包（.zip）还会核对每个分片、重新计算哈希链，并核对每次锚定的账本证明
                 与录像是否完整（在第几个分片后中断或被截断）；数据检验报告（.pdf）还会复核
                 报告内嵌的每条证据记录及其包含证明。

  --key          平台公钥（<名称>+<编号>+<base64>，见 /ledger/vkey 与项目说明），可重复；
                 不给时使用证书内记载的公钥，并提示您自行核对。
  --checkpoint   从 /ledger/checkpoint 取得的更新的签名检查点，用于证明日志此后未被改写；
  --consistency  从证书检查点到该检查点的一致性证明（/webapi/ledger/v2/getConsistencyProof 的应答）。
退出码：0 全部通过；1 有检查未通过；2 用法或文件错误。`;

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

const MARK: Record<CertificateCheck["status"], string> = { pass: "✔ 通过", fail: "✘ 不通过", skip: "- 跳过" };

export async function runVerifyCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { key: { type: "string", multiple: true }, checkpoint: { type: "string" }, consistency: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, pdfPath, filePath, ...rest] = parsed.positionals;
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  if (command !== "verify" || !pdfPath || rest.length > 0 || Boolean(parsed.values.checkpoint) !== Boolean(parsed.values.consistency)) {
    io.err(USAGE);
    return 2;
  }
  try {
    return await verify({ pdfPath, filePath, keys: parsed.values.key ?? [], checkpoint: parsed.values.checkpoint, consistency: parsed.values.consistency }, io);
  } catch (error) {
    io.err(`错误：${(error as Error).message}`);
    return 2;
  }
}

async function verify(options: { pdfPath: string; filePath?: string; keys: string[]; checkpoint?: string; consistency?: string }, io: CommandIo): Promise<number> {
  const certificate = await readCertificatePdf(new Uint8Array(readFileSync(options.pdfPath)));
  const keys = options.keys.map((key) => (existsSync(key) ? readFileSync(key, "utf8").trim() : key));
  io.out(`证书：${options.pdfPath}${certificate.facts ? `（证书编号 ${certificate.facts.certificateNo}）` : ""}`);
  if (keys.length === 0) {
    if (!certificate.facts) throw new Error("证书中没有记载平台公钥，请用 --key 给出");
    keys.push(certificate.facts.verifierKey);
    io.out(`平台公钥：${certificate.facts.verifierKey}`);
    io.out("  注意：这是证书自己记载的公钥。请与平台公布的公钥（/ledger/vkey、项目说明）核对，或用 --key 指定您独立获得的公钥。");
  } else {
    for (const key of keys) io.out(`平台公钥：${key}`);
  }
  const file = options.filePath ? await digestFile(options.filePath) : undefined;
  if (options.filePath && file) io.out(`文件：${options.filePath}（${file.size} 字节）`);
  const holderIdentity = holderIdentityOfPdf(certificate);
  if (holderIdentity) io.out(`${HOLDER_IDENTITY_LABEL}：${describeHolderIdentity(holderIdentity.approval)}`);
  const result = verifyCertificate({
    entry: certificate.entry,
    proofBundle: certificate.proofBundle,
    verifierKeys: keys,
    ...(certificate.facts ? { certificateNo: certificate.facts.certificateNo } : {}),
    ...(holderIdentity ? { holderIdentity } : {}),
    ...(file ? { file, fileChecks: await contentChecksOf(options.filePath!) } : {}),
    ...(options.checkpoint ? { newerCheckpoint: readFileSync(options.checkpoint, "utf8"), consistencyProof: readConsistencyProof(options.consistency!) } : {}),
  });
  const { ok } = result;
  io.out("");
  for (const item of result.checks) {
    io.out(`${MARK[item.status]}  ${item.name}`);
    io.out(`          ${item.reason}`);
  }
  io.out("");
  io.out(ok ? "结论：核验通过。" : "结论：核验未通过。");
  return ok ? 0 : 1;
}

/** Accepts the getConsistencyProof envelope, its `datas`, or a bare array of base64 hashes. */
function readConsistencyProof(path: string): Uint8Array[] {
  const json = JSON.parse(readFileSync(path, "utf8")) as unknown;
  const holder = json as { proof?: unknown; datas?: { proof?: unknown } };
  const proof = Array.isArray(json) ? json : (holder.datas?.proof ?? holder.proof);
  if (!Array.isArray(proof) || proof.some((hash) => typeof hash !== "string")) throw new Error(`${path} 中没有一致性证明（proof 数组）`);
  return proof.map((hash: string) => decodeBase64(hash, "consistency proof hash"));
}

async function digestFile(path: string): Promise<FileDigests & { size: number }> {
  const sha256 = createHash("sha256");
  const sm3 = createHash("sm3");
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    sha256.update(chunk as Buffer);
    sm3.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: sha256.digest("hex"), sm3: sm3.digest("hex"), size };
}

const NODE_TOOLS: PackageCheckTools = {
  sha256: (data) => createHash("sha256").update(data).digest("hex"),
  sm3: (data) => createHash("sm3").update(data).digest("hex"),
  inflateRaw: (data) => inflateRawSync(data),
};

/**
 * The package checks when the file is named .wacz or is a ZIP holding datapackage.json (so a damaged
 * package still shows which part is damaged), or a ZIP whose manifest.json names the recording
 * package format; a digital report's checks when it is a PDF carrying the report's results; nothing
 * for any other file, which is not read whole.
 */
async function contentChecksOf(path: string): Promise<FileContentChecks> {
  const isNamedWacz = path.toLowerCase().endsWith(".wacz");
  const head = readHead(path);
  if (head.toString("latin1") === "%PDF") {
    const report = await readDigitalReportPdf(new Uint8Array(readFileSync(path)));
    return report ? (context) => checkDigitalReport(report, context) : () => [];
  }
  if (!isNamedWacz && head.readUInt32LE(0) !== 0x04034b50) return () => [];
  const bytes = new Uint8Array(readFileSync(path));
  if (isNamedWacz || isWaczPackage(bytes)) {
    const checks = checkWaczPackage(bytes, NODE_TOOLS);
    return () => checks;
  }
  if (isRecordingPackage(bytes, NODE_TOOLS)) return (context) => checkRecordingPackage(bytes, NODE_TOOLS, context);
  return () => [];
}

/** The file's first four bytes (zeros for a shorter file). */
function readHead(path: string): Buffer {
  const head = Buffer.alloc(4);
  const descriptor = openSync(path, "r");
  try {
    readSync(descriptor, head, 0, 4, 0);
    return head;
  } finally {
    closeSync(descriptor);
  }
}
