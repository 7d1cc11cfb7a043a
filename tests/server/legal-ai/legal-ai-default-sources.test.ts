import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGAL_RULES } from "../../../server/modules/legal-ai/sources/legal-rules.js";
import { registerUser, type RegisteredUser } from "../support/personal-users.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { ask, eventOf } from "./legal-ai-fixtures.js";

/** The assistant as the platform serves it: our rule summaries (LEGAL_RULES) in the platform's search index. */
describe("legal assistant on the platform's own sources", () => {
  let t: TestApp;
  let user: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t, "13700000031");
  });
  afterAll(async () => t.close());

  it("cites the included provisions, quoting our summaries exactly", async () => {
    const { answer } = eventOf(await ask(t, user, "区块链存储的电子数据上链后被篡改了吗"), "done");
    const cited = answer.citations.find((citation) => citation.sourceId === "online-litigation-rules:16");
    expect(cited).toMatchObject({ sourceKind: "rule", label: "《人民法院在线诉讼规则》第十六条", article: null });
    expect(cited!.quote).toBe(LEGAL_RULES.find((rule) => rule.id === "online-litigation-rules:16")!.summary);
  });
});
