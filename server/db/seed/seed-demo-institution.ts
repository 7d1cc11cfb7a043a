import type { Kysely } from "kysely";
import type { InstitutionFormValues } from "../../../src/schema/console/appraisal-institutions.js";
import { BusinessError } from "../../http/envelope.js";
import type { AppraisalInstitutions } from "../../modules/judicial-expert/appraisal-institutions.js";
import { durableTransaction } from "../dialect.js";
import type { Database } from "../database.js";

const SEED_MARKER = "demo_appraisal_institution_seeded_at";

/**
 * The demo appraisal institution, so /judicial/judicialExpert can be tried right after `npm start`;
 * an operator attaches experts to it in the console (客户 → 司法鉴定机构). It is ordinary data an
 * operator may edit or stop. Seeded once per installation: the marker is written after the
 * institution, so a crash in between only means the next start finds the name taken and writes it.
 */
export const DEMO_INSTITUTION: InstitutionFormValues = {
  name: "衡证演示司法鉴定所",
  licenseNo: "演示-330000000",
  region: "浙江省杭州市",
  address: "杭州市西湖区文三路 000 号（演示地址）",
  phone: "0571-00000000",
  scope: "电子数据鉴定：电子数据真实性、完整性鉴定，电子数据同一性鉴定，网页与录屏取证过程审查",
  introduction: "演示用鉴定机构，仅用于体验平台的司法鉴定委托流程，不出具具有法律效力的鉴定意见。",
  acceptsCommissions: true,
};

export async function seedDemoInstitution(db: Kysely<Database>, institutions: AppraisalInstitutions, now: number): Promise<boolean> {
  const already = await db.selectFrom("app_meta").select("key").where("key", "=", SEED_MARKER).executeTakeFirst();
  if (already) return false;
  const created = await durableTransaction(db, async (trx) => Boolean(await institutions.create(trx, DEMO_INSTITUTION))).catch((error: unknown) => {
    // The name is taken: an earlier start created it and stopped before its marker.
    if (error instanceof BusinessError) return false;
    throw error;
  });
  await db.insertInto("app_meta").values({ key: SEED_MARKER, value: String(now), updated_at: now }).onConflict((conflict) => conflict.column("key").doNothing()).execute();
  return created;
}
