import { createHash, randomBytes } from "node:crypto";
import { normaliseCertificateNo } from "../../../src/schema/certificate-no.js";
import { webapiPath } from "../../../src/schema/contract.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { formatDateTime, formatFileSize } from "../../../src/schema/format.js";
import {
  LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR,
  LAWSUIT_PACKAGE_ENDPOINTS,
  LAWSUIT_PACKAGE_MESSAGES,
  LawSuitPackageCode,
  type LawSuitPackage,
  type LawSuitPackageForm,
  type PackageFile,
} from "../../../src/schema/lawsuit-package.js";
import { BusinessError } from "../../http/envelope.js";
import type { PackageDownload, PackageJobs } from "../evidence-library/package-jobs.js";
import type { EvidencePort, EvidenceRecord } from "../evidence/evidence.types.js";
import type { IdentityService } from "../personal/identity.service.js";
import type { CaptchaService } from "../security/captcha.service.js";
import { packageContentHtml } from "./package-contents.js";
import type { LawsuitPackageRepository } from "./lawsuit-package.repository.js";

const HOUR_MS = 60 * 60_000;
/** The call's wait ran out (ANSWER_WAIT_MS) with the package still being built: its ticket is lost with the call. */
const STILL_BUILDING = "诉讼包仍在生成，请稍后重新验证";

export interface LawsuitPackageDependencies {
  repository: LawsuitPackageRepository;
  captchas: Pick<CaptchaService, "verify">;
  evidence: Pick<EvidencePort, "findByCertificateNo">;
  identity: Pick<IdentityService, "holderIdentityMatches">;
  /** The packaging jobs of kind "lawsuit" (lawsuit-package-kind.ts), keyed by the ticket's hash. */
  jobs: Pick<PackageJobs, "ask" | "openByKey" | "purge">;
  now: () => number;
}

/** Who asks: the address (for the hourly limit) and the captcha cookie. */
export interface PackageRequester {
  address: string;
  captchaId: string | undefined;
}

/**
 * The litigation package (诉讼包, HLSUITPACKAGE). The checks run in the order that tells an asker
 * least: the hourly limit of the address, the image captcha (used up by any attempt), then the
 * certificate and its holder's verified ID number together, refused with one message whichever
 * fails. A passed check asks for a packaging job keyed by the SHA-256 of a random ticket and
 * waits for it: a worker (or this process, embedded) builds it, retried if its process dies; the
 * ticket reaches only the asker's link, and the ID number and the captcha answer are never stored
 * or logged. The package waits in the blob store, so any process serves its download.
 */
export class LawsuitPackageService {
  constructor(private readonly deps: LawsuitPackageDependencies) {}

  async create(form: LawSuitPackageForm, requester: PackageRequester): Promise<LawSuitPackage> {
    const now = this.deps.now();
    const address = addressHash(requester.address);
    const attempt = await this.deps.repository.countAttempt(address, now, now - HOUR_MS);
    if (attempt.count > LAWSUIT_PACKAGE_ATTEMPTS_PER_HOUR) throw new BusinessError(LawSuitPackageCode.rateLimited, LAWSUIT_PACKAGE_MESSAGES.rateLimited);
    if (!(await this.deps.captchas.verify(requester.captchaId, form.verifyCode))) {
      const message = LAWSUIT_PACKAGE_MESSAGES.captchaInvalid;
      throw new BusinessError(LawSuitPackageCode.captchaInvalid, message, { errors: { verifyCode: message } });
    }
    const record = await this.holdersRecord(form.certificateNo, form.idCardNo);
    await this.deps.repository.markPassed(attempt.id);
    return this.build(record, `lawsuit:${address}`);
  }

  /** The package behind a live ticket; an unknown or expired one is refused. */
  async open(ticket: string): Promise<PackageDownload> {
    const zip = await this.deps.jobs.openByKey(ticketHash(ticket));
    if (!zip) throw new BusinessError(LawSuitPackageCode.downloadExpired, LAWSUIT_PACKAGE_MESSAGES.downloadExpired);
    return zip;
  }

  /**
   * Removes expired packages, the work folder's files of runs that died, and attempts older than
   * the limit's hour. Safe with other processes sweeping at once: every deletion is idempotent.
   */
  async sweep(): Promise<void> {
    await this.deps.jobs.purge();
    await this.deps.repository.deleteAttemptsBefore(this.deps.now() - HOUR_MS);
  }

  /** The stored, ledgered record of the number whose holder's verified ID number is `idNumber`; one refusal for every other case. */
  private async holdersRecord(certificateNo: string, idNumber: string): Promise<EvidenceRecord> {
    const record = await this.deps.evidence.findByCertificateNo(normaliseCertificateNo(certificateNo));
    const usable = record && record.status === "stored" && record.ledgerIndex !== null && record.deletedAt === null;
    // Whether a number exists is public (the verification page); whose ID it takes is not.
    if (!usable || !(await this.deps.identity.holderIdentityMatches(record.holderUserId, idNumber))) throw new BusinessError(LawSuitPackageCode.notHolder, LAWSUIT_PACKAGE_MESSAGES.notHolder);
    return record;
  }

  /** Has the package built under a fresh ticket and answers its detail, the link carrying the ticket. */
  private async build(record: EvidenceRecord, owner: string): Promise<LawSuitPackage> {
    const { certificateNo } = record;
    const ticket = randomBytes(32).toString("base64url");
    const row = await this.deps.jobs.ask(owner, [record], `诉讼包-${certificateNo}.zip`, ticketHash(ticket));
    if (!row) throw new BusinessError(ResultCode.timeout, STILL_BUILDING);
    if (row.state === "failed") throw new BusinessError(ResultCode.serverError, row.message!);
    const files = JSON.parse(row.detail_json!) as PackageFile[];
    return {
      filePath: `${webapiPath(LAWSUIT_PACKAGE_ENDPOINTS.downloadLawSuitPackage)}?${new URLSearchParams({ ticket })}`,
      title: `${certificateNo} 诉讼包`,
      updateTime: formatDateTime(Number(row.created_at)),
      fileSize: formatFileSize(Number(row.size)),
      fileNum: files.length,
      fileFormat: "zip",
      content: packageContentHtml(certificateNo, files),
      files,
    };
  }
}

/** The ticket is the link's capability: only its SHA-256 is stored, as the job's key. */
function ticketHash(ticket: string): string {
  return createHash("sha256").update(ticket, "utf8").digest("hex");
}

/** Addresses are kept only as this digest, for the hourly count. */
function addressHash(address: string): string {
  return createHash("sha256").update(`lawsuit-package\n${address}`, "utf8").digest("hex");
}
