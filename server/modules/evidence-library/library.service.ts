import { ResultCode } from "../../../src/schema/envelope.js";
import { EVIDENCE_MESSAGES, type EvidenceRecordView } from "../../../src/schema/evidence.js";
import { EXTRACTION_MESSAGE, type ExtractedEvidence, type LibraryEvidence, type LibraryListQuery } from "../../../src/schema/evidence-library.js";
import { evidenceAttachments, evidenceOriginal } from "../../../src/schema/evidence-original.js";
import type { PageP } from "../../../src/schema/paging.js";
import { parseShanghaiDateTime } from "../../../src/schema/shanghai-time.js";
import { BusinessError } from "../../http/envelope.js";
import type { EvidenceReader, LibraryRecord } from "./evidence-library.ports.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The holder's side of the library: the list across types, and picking one's own items. */
export class LibraryService {
  constructor(private readonly evidence: EvidenceReader) {}

  /** Every kind, affair children included, newest first; the dates are Shanghai days, inclusive. */
  async list(holderUserId: number, query: LibraryListQuery): Promise<PageP<LibraryEvidence>> {
    const from = query.startTime ? parseShanghaiDateTime(query.startTime) : null;
    const to = query.endTime ? parseShanghaiDateTime(query.endTime) : null;
    const page = await this.evidence.listForHolder(holderUserId, {
      includeChildren: true,
      ...(query.kind ? { kinds: [query.kind] } : {}),
      ...(query.keyName ? { keyName: query.keyName } : {}),
      ...(from !== null ? { from } : {}),
      ...(to !== null ? { to: to + DAY_MS - 1 } : {}),
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
    });
    return { ...page, list: page.list.map(toLibraryEvidence) };
  }

  detail(holderUserId: number, id: number): Promise<EvidenceRecordView> {
    return this.evidence.detailView(holderUserId, id);
  }

  /** One of the holder's own records; another holder's is "not found", never "forbidden". */
  async ownRecord(holderUserId: number, id: number): Promise<LibraryRecord> {
    const record = await this.evidence.getForHolder(holderUserId, id);
    if (!record) throw new BusinessError(ResultCode.notFound, EVIDENCE_MESSAGES.notFound);
    return record;
  }

  ownRecords(holderUserId: number, ids: readonly number[]): Promise<LibraryRecord[]> {
    return ownRecords(this.evidence, holderUserId, ids);
  }
}

/**
 * The holder's records for `ids`, in that order. Another holder's id is refused exactly like a
 * missing one, and refuses the whole request, so nobody can add somebody else's evidence.
 */
export async function ownRecords(evidence: EvidenceReader, holderUserId: number, ids: readonly number[]): Promise<LibraryRecord[]> {
  const records = await Promise.all(ids.map((id) => evidence.getForHolder(holderUserId, id)));
  if (records.some((record) => record === null)) throw new BusinessError(ResultCode.validationFailed, EXTRACTION_MESSAGE.unknownItems);
  return records as LibraryRecord[];
}

function toLibraryEvidence(record: LibraryRecord): LibraryEvidence {
  return { ...toExtractedEvidence(record), holderName: record.holderName, blockHeight: record.blockHeight, status: record.status, parentId: record.parentId };
}

/** The public facts of a record, as the third party sees them, with the files it can download. */
export function toExtractedEvidence(record: LibraryRecord): ExtractedEvidence {
  const hasContent = record.blobSha256 !== null;
  return {
    id: record.id,
    certificateNo: record.certificateNo,
    kind: record.kind,
    name: record.name,
    size: record.size,
    sha256: record.sha256,
    sm3: record.sm3,
    createTime: record.createdAt,
    ledgerIndex: record.ledgerIndex,
    hasContent,
    original: evidenceOriginal({ ...record, hasContent }),
    attachments: evidenceAttachments(record),
  };
}
