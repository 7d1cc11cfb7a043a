import { describe, expect, it } from "vitest";
import { afterDisabling, afterEnabling, disablersOf } from "../../../server/modules/account/account-disabling.js";

/** Who holds an account disabled, and what each party may do (account-disabling.ts): every transition, legal and not. */
type Row = { status: "active" | "disabled" | "cancelled"; disabled_by: string | null };
const active: Row = { status: "active", disabled_by: null };
const byMain: Row = { status: "disabled", disabled_by: "mainAccount" };
const byPlatform: Row = { status: "disabled", disabled_by: "operator" };
const byBoth: Row = { status: "disabled", disabled_by: "mainAccount,operator" };
const legacy: Row = { status: "disabled", disabled_by: null };
const cancelled: Row = { status: "cancelled", disabled_by: null };

describe("disablersOf", () => {
  it.each([
    [active, []],
    [byMain, ["mainAccount"]],
    [byPlatform, ["operator"]],
    [byBoth, ["mainAccount", "operator"]],
    // Rows disabled before holds were recorded were disabled by their main account.
    [legacy, ["mainAccount"]],
    [cancelled, []],
  ] as const)("%j is held by %j", (row, expected) => {
    expect(disablersOf(row)).toEqual(expected);
  });
});

describe("placing a hold", () => {
  it.each([
    [active, "operator", byPlatform],
    [active, "mainAccount", byMain],
    [byMain, "operator", byBoth],
    [legacy, "operator", byBoth],
    [byPlatform, "mainAccount", byBoth],
    [byPlatform, "operator", null],
    [byMain, "mainAccount", null],
    [byBoth, "operator", null],
    [cancelled, "operator", null],
    [cancelled, "mainAccount", null],
  ] as const)("%j disabled by %s gives %j", (row, by, expected) => {
    expect(afterDisabling(row, by)).toEqual(expected);
  });
});

describe("lifting a hold", () => {
  it.each([
    [byPlatform, "operator", active],
    [byMain, "mainAccount", active],
    [legacy, "mainAccount", active],
    [byBoth, "operator", byMain],
    [byBoth, "mainAccount", byPlatform],
    [byMain, "operator", null],
    [byPlatform, "mainAccount", null],
    [active, "operator", null],
    [active, "mainAccount", null],
    [cancelled, "operator", null],
  ] as const)("%j enabled by %s gives %j", (row, by, expected) => {
    expect(afterEnabling(row, by)).toEqual(expected);
  });
});
