import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { registryPath } from "../../../src/resources/registry-paths";
import { MONITOR_ENDPOINTS } from "../../../src/schema/monitor";
import { ok } from "../account-harness";
import { hitDetail, hitRow, openMonitorPage, pageOf, SLOW } from "./monitor-fixtures";

/** The hit lists: why a hit matched, its review, its certificate, the channel each list asks for. */

const M = MONITOR_ENDPOINTS;
beforeAll(() => Promise.all([import("../../../src/pages/kinds/data-list-page"), import("../../../src/pages/kinds/certificate-page")]), 60_000);

const rowOf = async (title: string) => (await screen.findByRole("link", { name: title }, SLOW)).closest("tr")!;

describe("the monitoring hit list", { timeout: 60_000 }, () => {
  it("shows a text hit's matched passages side by side with the shared wording marked", async () => {
    const { callsTo } = openMonitorPage("text", "ystwdataList", { [M.hits.path]: pageOf([hitRow({ channel: "ystw" })]), [M.hit.path]: ok(hitDetail({ channel: "ystw" })) });
    const row = within(await rowOf("清晨山谷随笔（转载）"));
    expect(row.getByRole("link", { name: "清晨山谷随笔（转载）" })).toHaveAttribute("href", "http://127.0.0.1:18401/posts/7.html");
    expect(row.getByRole("link", { name: "查看证书" })).toHaveAttribute("href", `${registryPath("monitor/text", "ystwdataList/Certificate")}?id=71`);
    expect(callsTo(M.hits.path)[0].params).toMatchObject({ channel: "ystw", withCertificate: "true" });

    await userEvent.click(row.getByRole("button", { name: "查看依据" }));
    const drawer = await screen.findByRole("dialog", {}, SLOW);
    expect(await within(drawer).findByText("6 / 64", {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).getByText("62.0%")).toBeInTheDocument();
    const passages = within(within(drawer).getByRole("table", { name: "相同段落" }));
    // The work says 山谷里雾气还没有散去, the copy 山谷中雾气尚未散去: the kept wording is marked on both sides.
    const marked = Array.from(drawer.querySelectorAll("mark")).map((mark) => mark.textContent);
    expect(marked).toEqual(["清晨的山谷", "雾气", "散去", "清晨的山谷", "雾气", "散去"]);
    expect(passages.getByText("第 121 字起")).toBeInTheDocument();
    expect(callsTo(M.hit.path)[0].params).toMatchObject({ id: 71 });
  });

  it("confirms a hit as infringing with a note, dismisses another, and retries a failed capture", async () => {
    const { callsTo } = openMonitorPage("picture", "dataList", {
      [M.hits.path]: pageOf([hitRow({ channel: "picture", matchType: "image" }), hitRow({ id: 72, channel: "picture", title: "失败的取证", evidenceState: "failed", evidenceId: null, certificateNo: null })]),
      [M.confirmHit.path]: ok(hitDetail({ review: "confirmed" })),
      [M.dismissHit.path]: ok(hitDetail({ review: "dismissed" })),
      [M.retryHitEvidence.path]: ok(hitDetail({ evidenceState: "capturing" })),
    });
    const user = userEvent.setup();
    const first = within(await rowOf("清晨山谷随笔（转载）"));
    await user.click(first.getByRole("button", { name: "确认侵权" }));
    const dialog = within(await screen.findByRole("dialog", {}, SLOW));
    await user.type(dialog.getByLabelText("处理说明"), "整段照搬，未署名");
    await user.click(dialog.getByRole("button", { name: /确认侵权/ }));
    await waitFor(() => expect(callsTo(M.confirmHit.path)).toHaveLength(1));
    expect(callsTo(M.confirmHit.path)[0].params).toMatchObject({ id: 71, note: "整段照搬，未署名" });
    expect(callsTo(M.hits.path)[0].params).toMatchObject({ channel: "picture" });
    expect(callsTo(M.hits.path)[0].params).not.toHaveProperty("withCertificate");

    const failed = within(await rowOf("失败的取证"));
    expect(failed.queryByRole("link", { name: "查看证书" })).not.toBeInTheDocument();
    await user.click(failed.getByRole("button", { name: "重新取证" }));
    await waitFor(() => expect(callsTo(M.retryHitEvidence.path)[0]?.params).toMatchObject({ id: 72 }));
    await user.click(failed.getByRole("button", { name: "排除" }));
    const dismiss = within(await screen.findByRole("dialog", { name: /排除/ }, SLOW));
    await user.click(dismiss.getByRole("button", { name: /排\s*除/ }));
    await waitFor(() => expect(callsTo(M.dismissHit.path)[0]?.params).toMatchObject({ id: 72 }));
  });

  it("lists one task's hits on dataResults and links each to its own channel's certificate", async () => {
    const { callsTo } = openMonitorPage("text", "dataResults", { [M.hits.path]: pageOf([hitRow({ channel: "wx" })]) }, "?id=31");
    const row = within(await rowOf("清晨山谷随笔（转载）"));
    expect(row.getByRole("link", { name: "查看证书" })).toHaveAttribute("href", `${registryPath("monitor/text", "wxdataList/Certificate")}?id=71`);
    expect(callsTo(M.hits.path)[0].params).toMatchObject({ taskId: "31" });
    expect(callsTo(M.hits.path)[0].params).not.toHaveProperty("channel");
  });

  it("shows a hit's certificate with why it matched below it", async () => {
    const { callsTo } = openMonitorPage("text", "ystwdataList/Certificate", { [M.hit.path]: ok(hitDetail({ channel: "ystw" })) }, "?id=71");
    expect(await screen.findByText("HZ20261124MONITOR000071", {}, SLOW)).toBeInTheDocument();
    // The id comes from the address (?id=), as every record page reads it.
    expect(callsTo(M.hit.path)[0].params).toMatchObject({ id: "71" });
    const basis = await screen.findByText("匹配依据", {}, SLOW);
    const card = basis.closest(".ant-card")!;
    expect(within(card as HTMLElement).getByRole("table", { name: "相同段落" })).toBeInTheDocument();
    expect(Array.from(card.querySelectorAll("mark")).map((mark) => mark.textContent)).toContain("雾气");
  });
});
