import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTARIZATION_ENDPOINTS as USER } from "../../../src/schema/notarization.js";
import type { RegisteredUser } from "../support/personal-users.js";
import { createTestApp, restartTestApp, type TestApp } from "../support/test-app.js";
import { applicationForm, boughtBundle, draftAndSubmit, staffOf, storedSnapshot, verifiedApplicant } from "./notarization-world.js";

/**
 * A transition's ledger entry is written with the transition and appended after the commit. When
 * the append never happens (the ledger refused it, or the process died first) or its receipt was
 * never recorded, the next start settles it: an entry already in the log is found there (not
 * appended twice), a missing one is appended, and every event learns its index.
 */
let t: TestApp;
let applicant: RegisteredUser;
let applicationId: number;

const events = () => t.database.handle.db.selectFrom("notarization_events").selectAll().where("application_id", "=", applicationId).orderBy("seq").execute();
const ledgerSize = async () => (await t.app.services.ledger.latestCheckpoint())!.treeSize;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  applicant = await verifiedApplicant(t, "吴十");
  const office = await staffOf(t, "衡州市公证处", "hz.admin05");
  const { id, submitted } = await draftAndSubmit(t, applicant, applicationForm(office.officeId, [await storedSnapshot(t, applicant)], { bundleId: await boughtBundle(t, applicant) }));
  expect(submitted.code).toBe(200);
  applicationId = id;
  await t.app.services.notarization.entries.idle();
}, 60_000);
afterAll(async () => t?.close());

describe("restart recovery", () => {
  it("finds an entry whose receipt was lost, appends one that never reached the ledger, each once", async () => {
    const [submit] = await events();
    const submitIndex = Number(submit.ledger_index);
    // The receipt of the first entry was never recorded (the process died between append and record).
    await t.database.handle.db.updateTable("notarization_events").set({ ledger_index: null }).where("id", "=", submit.id).execute();
    // The ledger stops taking entries: the withdrawal commits, its append fails.
    await t.app.services.ledger.close();
    expect((await t.call(USER.withdraw, { id: applicationId }, { token: applicant.token })).json().datas.state).toBe("withdrawn");
    await t.app.services.notarization.entries.idle();
    const [, withdraw] = await events();
    expect(withdraw).toMatchObject({ action: "withdraw", ledger_index: null });
    expect(t.logs.join("\n")).toContain("ledger append failed");

    t = await restartTestApp(t, { seedDemo: false });
    const before = await ledgerSize();
    const settled = await events();
    expect(Number(settled[0].ledger_index)).toBe(submitIndex);
    expect(settled[1].ledger_index).not.toBeNull();
    const logged = await t.app.services.ledger.entry(Number(settled[1].ledger_index));
    expect(Buffer.from(logged!).toString("utf8")).toBe(withdraw.entry);
    // Only the missing entry was appended (during the start, before `before` was read).
    expect(Number(settled[1].ledger_index)).toBe(before - 1);
    expect((await t.call(USER.detail, { id: applicationId }, { token: applicant.token })).json().datas.events.map((event: { ledgerIndex: number }) => event.ledgerIndex)).toEqual([submitIndex, before - 1]);
  });
});
