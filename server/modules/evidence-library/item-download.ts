import type { FastifyReply } from "fastify";
import type { DownloadPart } from "../../../src/schema/evidence-library.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { BusinessError } from "../../http/envelope.js";
import { sendDownload } from "./download-reply.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { contentFileName } from "./package-contents.js";

/**
 * One part of one record as a file: the original content, the certificate PDF or the entry's
 * C2SP tlog-proof. The caller has already decided that the asker may see the record (its holder,
 * or a third party holding an extraction code for it).
 */
export async function sendEvidencePart(reply: FastifyReply, ports: EvidenceLibraryPorts, part: DownloadPart, record: LibraryRecord) {
  switch (part) {
    case "file": {
      const content = await ports.evidence.openContent(record);
      if (!content) throw new BusinessError(ResultCode.notFound, "这条证据只存证了摘要，平台没有保存原始文件");
      return sendDownload(reply, content, { name: contentFileName(record), contentType: "application/octet-stream", size: record.size });
    }
    case "certificate":
      return sendDownload(reply, await ports.certificates.renderPdf(record), { name: `存证证书-${record.certificateNo}.pdf`, contentType: "application/pdf" });
    case "proof": {
      if (record.ledgerIndex === null) throw new BusinessError(ResultCode.notFound, "这条证据尚未写入账本");
      const proof = await ports.ledger.proofBundle(record.ledgerIndex);
      return sendDownload(reply, Buffer.from(proof, "utf8"), { name: `${record.certificateNo}.tlog-proof`, contentType: "text/plain; charset=utf-8" });
    }
  }
}
