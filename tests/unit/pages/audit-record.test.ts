import { describe, expect, it } from "vitest";
import { checkAuditCommitment, COMMITMENT_CHECK_NAME } from "../../../src/pages/console/platform/audit/audit-commitment-check";
import { describeStateField } from "../../../src/pages/console/platform/audit/audited-states";
import { diffRecords } from "../../../src/pages/console/platform/audit/record-diff";
import { sha256Hex } from "../../../src/providers/browser-digest";
import type { AuditRecordDetail } from "../../../src/schema/console/audit";
import { auditCommitment } from "../../../src/schema/console/audit-commitment";
import { buildOperatorActionEntry } from "../../../src/schema/console/operator-action-entry";

describe("the before/after of an audited change", () => {
  it.each([
    {
      case: "a changed field among unchanged ones",
      before: { name: "王五", roles: ["finance"], status: "active" },
      after: { name: "王五", roles: ["finance", "contentEditor"], status: "active" },
      rows: [
        ["name", "same"],
        ["roles", "changed"],
        ["status", "same"],
      ],
    },
    { case: "a creation", before: null, after: { account: "zhao", name: "赵六" }, rows: [["account", "added"], ["name", "added"]] },
    { case: "a removal", before: { label: "旧" }, after: {}, rows: [["label", "removed"]] },
    { case: "nested objects by dotted path", before: { button: { text: "看看", url: "/a" } }, after: { button: { text: "看看", url: "/b" } }, rows: [["button.text", "same"], ["button.url", "changed"]] },
    { case: "bare values", before: "draft", after: "published", rows: [["", "changed"]] },
    { case: "nothing recorded", before: null, after: null, rows: [] },
  ])("$case", ({ before, after, rows }) => {
    expect(diffRecords(before, after).map((row) => [row.path, row.change])).toEqual(rows);
  });

  it("names an operator's fields and values as the operators page does", () => {
    const roles = describeStateField("operator", "roles");
    expect(roles.label).toBe("角色");
    expect(roles.format(["administrator", "finance"])).toBe("管理员、财务");
    expect(describeStateField("operator", "status").format("disabled")).toBe("已停用");
    expect(describeStateField("operator", "hasSecondFactor").format(false)).toBe("未绑定（下次登录时绑定）");
    expect(describeStateField("banner", "title")).toMatchObject({ label: "title" });
    expect(describeStateField("banner", "tags").format(["a", "b"])).toBe("a、b");
    expect(describeStateField("operator", "name").format(undefined)).toBe("—");
    expect(describeStateField("operator", "name").format(null)).toBe("（空）");
  });
});

describe("an audit record checked against its ledger entry in the browser", () => {
  function recordWithEntry(): AuditRecordDetail {
    const facts = {
      salt: "ab".repeat(32),
      auditId: 7,
      time: Date.UTC(2026, 10, 22, 2, 0, 0),
      operator: { id: 3, account: "admin" },
      action: "operator.update",
      target: { type: "operator", id: "5", label: "王五" },
      before: { name: "王五", roles: ["finance"] },
      after: { name: "王五", roles: ["finance", "contentEditor"] },
      reason: "兼管内容",
    };
    const { text } = buildOperatorActionEntry({ action: facts.action, auditId: facts.auditId, time: facts.time, meta: auditCommitment(facts, sha256Hex) });
    return {
      id: 7,
      operatorId: 3,
      operatorAccount: "admin",
      action: "operator.update",
      targetType: "operator",
      targetId: "5",
      targetLabel: "王五",
      reason: "兼管内容",
      createTime: facts.time,
      ledgerIndex: 12,
      ledgerBlock: 4,
      before: facts.before,
      after: facts.after,
      ledgerEntry: text,
      salt: facts.salt,
      inclusion: { status: "verified", treeSize: 20, checks: [] },
    };
  }

  it("passes when the record is the one the entry commits to", () => {
    expect(checkAuditCommitment(recordWithEntry(), sha256Hex)).toMatchObject({ name: COMMITMENT_CHECK_NAME, status: "pass" });
  });

  it.each([
    ["a changed after", (record: AuditRecordDetail) => ({ ...record, after: { name: "王五", roles: ["administrator"] } }), /被改动过/],
    ["a changed reason", (record: AuditRecordDetail) => ({ ...record, reason: "另一个原因" }), /被改动过/],
    ["another salt", (record: AuditRecordDetail) => ({ ...record, salt: "cd".repeat(32) }), /被改动过/],
    ["another operator", (record: AuditRecordDetail) => ({ ...record, operatorId: 4 }), /被改动过/],
    ["the entry of another record", (record: AuditRecordDetail) => ({ ...record, id: 8 }), /记录 7/],
    ["an entry that is not an operator action", (record: AuditRecordDetail) => ({ ...record, ledgerEntry: "{}" }), /不是规范的操作记录条目/],
  ])("fails for %s", (_case, alter, reason) => {
    const check = checkAuditCommitment(alter(recordWithEntry()), sha256Hex);
    expect(check.status).toBe("fail");
    expect(check.reason).toMatch(reason);
  });
});
