import type { TestApp } from "./test-app.js";

/** What an operator does on /dev/identity: press 通过 or 驳回 on the newest pending application of an account. */
export async function decideOnDevPage(t: TestApp, account: string, decision: "approve" | "reject", reason = "") {
  const pending = await t.app.services.personal.identity.listPending();
  const application = pending.filter((item) => item.account === account).at(-1);
  if (!application) throw new Error(`nothing pending for ${account}`);
  const payload = new URLSearchParams({ kind: application.kind, id: String(application.id), decision, reason }).toString();
  return t.app.inject({
    method: "POST",
    url: "/dev/identity/decide",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload,
  });
}
