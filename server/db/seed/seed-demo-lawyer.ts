import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { AccountRecords } from "../../modules/account/account-records.service.js";
import type { LawyerProfiles } from "../../modules/lawyer/lawyer-profiles.service.js";
import type { Database } from "../database.js";
import { durableTransaction } from "../dialect.js";
import { seedAccountOnce } from "./seed-account-once.js";

const SEED_MARKER = "demo_lawyer_seeded_at";

/**
 * The development demo lawyer (README "lawyer service"): a real-name verified customer account
 * marked as a lawyer, so /lawService/wsLawyer has somebody to consult after `npm start`. Its
 * password is public, so it is created only where development providers are on.
 */
export const DEMO_LAWYER = {
  account: "demo.lawyer@example.com",
  password: "Lawyer2026",
  realName: "陈明",
  profile: {
    displayName: "陈明",
    lawFirm: "衡证演示律师事务所",
    practiceAreas: ["internetInfringement", "intellectualProperty", "contract"] as const,
    licenceNo: "13301202611000001",
  },
  introduction: "演示律师账号，仅用于体验律师服务。专注网络侵权、知识产权与合同纠纷，熟悉电子证据的固定、审查与出示。",
} as const;

/** Seeds it once per installation (seed-account-once.ts): the account, then its lawyer mark and introduction. */
export async function seedDemoLawyer(db: Kysely<Database>, deps: { accounts: AccountRecords; lawyers: LawyerProfiles }, now: number): Promise<boolean> {
  return seedAccountOnce(db, SEED_MARKER, now, async () => {
    // The browser sends the password's MD5; the account stores a slow hash of that.
    const digest = createHash("md5").update(DEMO_LAWYER.password).digest("hex");
    const user = await deps.accounts.createVerifiedDemoPerson({ kind: "email", value: DEMO_LAWYER.account }, digest, DEMO_LAWYER.realName);
    await durableTransaction(db, (trx) => deps.lawyers.mark(trx, user.id, { ...DEMO_LAWYER.profile, practiceAreas: [...DEMO_LAWYER.profile.practiceAreas] }));
    await deps.lawyers.saveIntroduction(user.id, DEMO_LAWYER.introduction);
  });
}
