import type { Transaction } from "kysely";
import { LAWYER_CONSOLE_MESSAGES, type LawyerProfileForm } from "../../../src/schema/console/lawyers.js";
import { ResultCode } from "../../../src/schema/envelope.js";
import { CONSULTATION_MESSAGES, LawyerServiceCode, PRACTICE_AREAS, type LawyerProfile, type PracticeArea } from "../../../src/schema/lawyer-service.js";
import type { Database } from "../../db/database.js";
import { isUniqueViolation } from "../../db/dialect.js";
import { BusinessError } from "../../http/envelope.js";
import type { LawyerProfileRepository, LawyerProfileRow } from "./lawyer-profile.repository.js";

/** What an operator's change did to a profile, for the audit trail's before and after. */
export type LawyerMarkChange = { before: LawyerProfileFacts | null; after: LawyerProfileFacts };
export type LawyerProfileFacts = Omit<LawyerProfile, "userId">;

export function toLawyerProfile(row: LawyerProfileRow): LawyerProfile {
  return {
    userId: row.user_id,
    displayName: row.display_name,
    lawFirm: row.law_firm,
    practiceAreas: parseAreas(row.practice_areas),
    licenceNo: row.licence_no,
    introduction: row.introduction,
    isActive: row.is_active === 1,
  };
}

const factsOf = (row: LawyerProfileRow): LawyerProfileFacts => {
  const { userId: _userId, ...facts } = toLawyerProfile(row);
  return facts;
};

/**
 * Lawyers (issue 17): the accounts an operator marked, their profiles, and the lawyer's own
 * introduction. The console's changes take the audit trail's transaction, so the mark and its
 * audit record commit together.
 */
export class LawyerProfiles {
  constructor(private readonly deps: { repository: LawyerProfileRepository; now: () => number }) {}

  /** Those a user may choose (never the user themself). */
  async choosable(userId: number): Promise<LawyerProfile[]> {
    return (await this.deps.repository.active()).filter((row) => row.user_id !== userId).map(toLawyerProfile);
  }

  /** The account's profile, marked now or once; null for an account never marked. */
  async ofAccount(userId: number): Promise<LawyerProfile | null> {
    const row = await this.deps.repository.find(userId);
    return row ? toLawyerProfile(row) : null;
  }

  /** A lawyer a user may consult now. */
  async activeRow(userId: number): Promise<LawyerProfileRow | null> {
    const row = await this.deps.repository.find(userId);
    return row && row.is_active === 1 ? row : null;
  }

  async rowsOf(userIds: readonly number[]): Promise<Map<number, LawyerProfileRow>> {
    return new Map((await this.deps.repository.findMany([...new Set(userIds)])).map((row) => [row.user_id, row]));
  }

  /** The lawyer's own calls need a profile (active or not: a lawyer unmarked keeps their threads). */
  async requireProfile(userId: number): Promise<LawyerProfileRow> {
    const row = await this.deps.repository.find(userId);
    if (!row) throw new BusinessError(LawyerServiceCode.notLawyer, CONSULTATION_MESSAGES.notLawyer);
    return row;
  }

  async saveIntroduction(userId: number, introduction: string): Promise<LawyerProfile> {
    await this.requireProfile(userId);
    await this.deps.repository.setIntroduction(userId, introduction, this.deps.now());
    return toLawyerProfile((await this.deps.repository.find(userId))!);
  }

  // ---- the console's changes (inside the audit trail's transaction) ----

  /** Marks the account (again) or edits an active lawyer's profile; the introduction stays the lawyer's. */
  async mark(trx: Transaction<Database>, userId: number, form: Omit<LawyerProfileForm, "reason">): Promise<LawyerMarkChange> {
    const now = this.deps.now();
    const before = await this.deps.repository.find(userId, trx);
    if (await this.deps.repository.holderOfLicence(trx, form.licenceNo, userId)) throw licenceTaken();
    const row = {
      user_id: userId,
      display_name: form.displayName,
      law_firm: form.lawFirm,
      practice_areas: JSON.stringify(form.practiceAreas),
      licence_no: form.licenceNo,
      introduction: before?.introduction ?? "",
      is_active: 1,
      // Editing an active lawyer keeps the time they were marked; marking again starts anew.
      marked_at: before?.is_active === 1 ? before.marked_at : now,
      updated_at: now,
    };
    try {
      await this.deps.repository.upsert(trx, row);
    } catch (error) {
      // Two operators entering the same licence number at once: the constraint settles it.
      if (isUniqueViolation(error)) throw licenceTaken();
      throw error;
    }
    return { before: before ? factsOf(before) : null, after: factsOf(row) };
  }

  async unmark(trx: Transaction<Database>, userId: number): Promise<LawyerMarkChange> {
    const before = await this.deps.repository.find(userId, trx);
    if (!before || before.is_active !== 1) throw new BusinessError(ResultCode.validationFailed, LAWYER_CONSOLE_MESSAGES.notMarked);
    await this.deps.repository.setActive(trx, userId, false, this.deps.now());
    return { before: factsOf(before), after: { ...factsOf(before), isActive: false } };
  }

  /** The console's view of one account's profile, with its times. */
  async consoleRow(userId: number): Promise<LawyerProfileRow | undefined> {
    return this.deps.repository.find(userId);
  }
}

const licenceTaken = () => new BusinessError(ResultCode.validationFailed, LAWYER_CONSOLE_MESSAGES.licenceTaken, { errors: { licenceNo: LAWYER_CONSOLE_MESSAGES.licenceTaken } });

/** Stored as JSON text; anything unknown (a value since retired) is left out rather than failing the page. */
function parseAreas(text: string): PracticeArea[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((area): area is PracticeArea => (PRACTICE_AREAS as readonly string[]).includes(area)) : [];
}
