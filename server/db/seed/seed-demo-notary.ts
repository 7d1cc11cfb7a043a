import type { Kysely } from "kysely";
import type { NewNotaryUser } from "../../../src/schema/notary.js";
import type { NotarialCertificates } from "../../modules/notarization/notarial-certificates.js";
import type { NotaryOfficeRepository } from "../../modules/notary/notary-office.repository.js";
import type { NotaryStaffService } from "../../modules/notary/notary-staff.service.js";
import type { Database } from "../database.js";
import { seedAccountOnce } from "./seed-account-once.js";

const SEED_MARKER = "demo_notary_seeded_at";

/**
 * The development demo notary account (README: "trying the notary console"). Its password is
 * public, so it is created only where development providers are on, and the login refuses it
 * anywhere they are off, should a development database ever be run in production.
 */
export const DEMO_NOTARY_USER: NewNotaryUser = {
  officeName: "衡证演示公证处",
  account: "demo-notary",
  name: "演示公证员",
  password: "Notary2026",
};

/** Seeds it once per installation (seed-account-once.ts). */
export async function seedDemoNotary(db: Kysely<Database>, staff: NotaryStaffService, now: number): Promise<boolean> {
  return seedAccountOnce(db, SEED_MARKER, now, () => staff.createUser(DEMO_NOTARY_USER, { isDemo: true }));
}

/** The demo office's profile, fee and second staff member (a notary; demo-notary is its administrator). */
export const DEMO_NOTARY_OFFICE = {
  region: "浙江省衡州市",
  address: "衡州市示范区公证大道 1 号",
  phone: "0571-88880000",
  introduction: "开发环境演示用公证处：受理在线保全证据公证申请，可使用公证套餐或支付公证费。",
  feeFen: 30_000,
} as const;
export const DEMO_NOTARY_USER_2: NewNotaryUser = { ...DEMO_NOTARY_USER, account: "demo-notary2", name: "演示公证员二" };
const OFFICE_SEED_MARKER = "demo_notary_office_seeded_at";

/**
 * Makes the demo office usable right after `npm start`: its profile and fee, the default template
 * (the office is made with it), an issued office seal and a second staff member with the notary
 * role. Once per installation, after the seal module is up (the seal comes from its CA).
 */
export async function seedDemoNotaryOffice(
  db: Kysely<Database>,
  deps: { staff: NotaryStaffService; offices: NotaryOfficeRepository; certificates: Pick<NotarialCertificates, "issueSeal"> },
  now: number,
): Promise<boolean> {
  return seedAccountOnce(db, OFFICE_SEED_MARKER, now, async () => {
    const office = await deps.offices.findOrCreate(DEMO_NOTARY_USER.officeName, now);
    const seal = await deps.certificates.issueSeal(office);
    const { region, address, phone, introduction, feeFen } = DEMO_NOTARY_OFFICE;
    await deps.offices.update(db, office.id, { region, address, phone, introduction, fee_fen: feeFen, accepts_applications: 1, ...seal, updated_at: now });
    await deps.staff.createUser(DEMO_NOTARY_USER_2, { isDemo: true, role: "notary" });
  });
}
