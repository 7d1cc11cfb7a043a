import type { FastifyReply } from "fastify";
import type { DownloadPart } from "../../../src/schema/evidence-library.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { storedAttachments } from "../../../src/schema/evidence-original.js";
import { BusinessError } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import type { EvidenceLibraryPorts, LibraryRecord } from "./evidence-library.ports.js";
import { certificateFileName, originalFileName, proofFileName } from "./package-contents.js";

const INDEX_MISSING = "请指定要下载的附件序号（index）";

/**
 * One part of one record as a file: the original content, one of a voucher's attachments (by
 * `index`), the certificate PDF or the entry's C2SP tlog-proof. The caller has already decided that
 * the asker may see the record (its holder, or a third party holding an extraction code for it).
 */
export async function sendEvidencePart(reply: FastifyReply, ports: EvidenceLibraryPorts, request: { part: DownloadPart; index?: number | undefined }, record: LibraryRecord) {
  switch (request.part) {
    case "file": {
      const content = await ports.evidence.openContent(record);
      const name = originalFileName(record);
      if (!content || !name) throw new BusinessError(ResultCode.notFound, "这条证据只存证了摘要，平台没有保存原始文件");
      return sendDownload(reply, content, { name, contentType: "application/octet-stream", size: record.size });
    }
    case "attachment": {
      if (request.index === undefined) throw new BusinessError(ResultCode.validationFailed, INDEX_MISSING, { errors: { index: INDEX_MISSING } });
      const attachment = storedAttachments(record).find((candidate) => candidate.index === request.index);
      const content = attachment ? await ports.evidence.openAttachment(record, attachment.index) : null;
      if (!attachment || !content) throw new BusinessError(ResultCode.notFound, "没有找到这个附件");
      return sendDownload(reply, content, { name: attachment.fileName, contentType: "application/octet-stream", size: attachment.size });
    }
    case "certificate":
      return sendDownload(reply, await ports.certificates.renderPdf(record), { name: certificateFileName(record), contentType: "application/pdf" });
    case "proof": {
      if (record.ledgerIndex === null) throw new BusinessError(ResultCode.notFound, "这条证据尚未写入账本");
      const proof = await ports.ledger.proofBundle(record.ledgerIndex);
      return sendDownload(reply, Buffer.from(proof, "utf8"), { name: proofFileName(record), contentType: "text/plain; charset=utf-8" });
    }
  }
}
