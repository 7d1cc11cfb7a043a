import { describe, expect, it } from "vitest";
import {
  ApplyInvoiceSchema,
  holdsOrders,
  INVOICE_STATES,
  INVOICE_TRANSITIONS,
  invoiceActionsFor,
  InvoiceStateError,
  invoiceTransition,
  SaveAddressSchema,
  SaveTitleSchema,
  titleAllowsSpecial,
  titleFieldsToKeep,
  type InvoiceAction,
  type InvoiceState,
} from "../../../src/schema/invoice";
import { firstMessage, issuesOf } from "./first-issue";

/** Every legal edge, written out by hand: the table the machine's data must equal. */
const LEGAL: [InvoiceState, InvoiceAction, InvoiceState, "user" | "finance" | "provider"][] = [
  ["pending", "withdraw", "withdrawn", "user"],
  ["pending", "approve", "issuing", "finance"],
  ["pending", "reject", "rejected", "finance"],
  ["issuing", "issue", "issued", "provider"],
  ["issuing", "refuse", "rejected", "provider"],
  ["issued", "reverse", "reversing", "finance"],
  ["reversing", "completeReversal", "reversed", "provider"],
  ["reversing", "refuseReversal", "issued", "provider"],
];
const ACTIONS = Object.keys(INVOICE_TRANSITIONS) as InvoiceAction[];

describe("the invoice state machine", () => {
  it.each(LEGAL)("%s --%s--> %s, by %s", (from, action, to, by) => {
    expect(invoiceTransition(from, action)).toBe(to);
    expect(INVOICE_TRANSITIONS[action].by).toBe(by);
  });

  const illegal = INVOICE_STATES.flatMap((state) => ACTIONS.filter((action) => !LEGAL.some(([from, a]) => from === state && a === action)).map((action) => [state, action] as const));
  it.each(illegal)("%s refuses %s, naming the state and the action", (state, action) => {
    expect(() => invoiceTransition(state, action)).toThrow(InvoiceStateError);
  });

  it("says in Chinese why a move is refused", () => {
    expect(() => invoiceTransition("issued", "withdraw")).toThrow("该申请当前为「已开票」，不能撤销");
  });

  it("has no other edge than the table's, and rejected, withdrawn and reversed are final", () => {
    expect(illegal.length + LEGAL.length).toBe(INVOICE_STATES.length * ACTIONS.length);
    for (const state of ["rejected", "withdrawn", "reversed"] as const) {
      expect(invoiceActionsFor(state, "user").concat(invoiceActionsFor(state, "finance"), invoiceActionsFor(state, "provider"))).toEqual([]);
    }
  });

  it("offers each actor only its own actions", () => {
    expect(invoiceActionsFor("pending", "user")).toEqual(["withdraw"]);
    expect(invoiceActionsFor("pending", "finance")).toEqual(["approve", "reject"]);
    expect(invoiceActionsFor("issued", "finance")).toEqual(["reverse"]);
    expect(invoiceActionsFor("issued", "user")).toEqual([]);
  });

  it("holds the orders exactly while the application can still become or is an invoice", () => {
    expect(INVOICE_STATES.filter(holdsOrders)).toEqual(["pending", "issuing", "issued", "reversing"]);
  });
});

describe("invoice titles", () => {
  it("needs the taxpayer id of an organisation, 15-20 letters and digits, upper-cased", () => {
    expect(firstMessage(SaveTitleSchema, { kind: "organisation", name: "衡证科技有限公司" })).toBe("单位抬头请输入纳税人识别号");
    for (const taxpayerId of ["91110108MA01ABC", "91110108ma01abcde1", "91110108MA01ABCDE1XY"]) {
      expect(SaveTitleSchema.parse({ kind: "organisation", name: "衡证科技有限公司", taxpayerId }).taxpayerId).toBe(taxpayerId.toUpperCase());
    }
    for (const taxpayerId of ["91110108MA01AB", "91110108MA01ABCDE1XYZ", "91110108-MA01ABCDE", "９１１１０１０８ＭＡ０１ＡＢＣＤＥ１"]) {
      expect(firstMessage(SaveTitleSchema, { kind: "organisation", name: "衡证科技有限公司", taxpayerId }), taxpayerId).toBe("纳税人识别号应为15至20位数字或字母");
    }
  });

  it("checks the 专票 fields when given, and keeps only the name of a person's title", () => {
    expect(issuesOf(SaveTitleSchema, { kind: "organisation", name: "甲", taxpayerId: "91110108MA01ABCDE1", registeredPhone: "12", bankAccount: "6222-0000" })).toEqual([
      "registeredPhone: 请输入正确的注册电话（固定电话或手机号）",
      "bankAccount: 银行账号应为8至30位数字",
    ]);
    const person = SaveTitleSchema.parse({ kind: "person", name: " 张三 ", taxpayerId: "91110108MA01ABCDE1", bankName: "某银行" });
    expect(titleFieldsToKeep(person)).toEqual({ kind: "person", name: "张三" });
  });

  it("allows a 专票 only for an organisation with every bank detail", () => {
    const full = { kind: "organisation" as const, taxpayerId: "91110108MA01ABCDE1", registeredAddress: "北京市海淀区", registeredPhone: "010-88886666", bankName: "招商银行", bankAccount: "6222000011112222" };
    expect(titleAllowsSpecial(full)).toBe(true);
    expect(titleAllowsSpecial({ ...full, bankAccount: null })).toBe(false);
    expect(titleAllowsSpecial({ ...full, kind: "person" })).toBe(false);
  });
});

describe("addresses and applications", () => {
  const address = { recipient: "张三", mobile: "13800138000", province: "440000", city: "440300", district: "440305", detail: "科技园一路一号" };

  it("accepts a region triple that belongs together, refuses one that does not", () => {
    expect(SaveAddressSchema.parse(address)).toMatchObject(address);
    expect(firstMessage(SaveAddressSchema, { ...address, province: "110000" })).toBe("请选择正确的省市区");
    expect(firstMessage(SaveAddressSchema, { ...address, mobile: "1380013800" })).toBe("请输入正确的手机号");
  });

  it("asks an electronic invoice for an e-mail address and a paper 专票 for a mailing address", () => {
    const base = { titleId: 1, merchantOrderNos: ["P1"] };
    expect(firstMessage(ApplyInvoiceSchema, { ...base, invoiceKind: "normal" })).toBe("请输入接收电子发票的邮箱");
    expect(firstMessage(ApplyInvoiceSchema, { ...base, invoiceKind: "special" })).toBe("增值税专用发票为纸质发票，请选择收件地址");
    expect(firstMessage(ApplyInvoiceSchema, { ...base, invoiceKind: "normal", email: "a@b.cn", merchantOrderNos: [] })).toBe("请选择要开票的订单");
    expect(firstMessage(ApplyInvoiceSchema, { ...base, invoiceKind: "normal", email: "a@b.cn", merchantOrderNos: ["P1", "P1"] })).toBe("所选订单中有已开票、正在开票或不可开票的订单，请刷新后重新选择");
  });
});
