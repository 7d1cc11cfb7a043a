import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { CONSOLE_REGISTRY } from "../../src/resources/console/registry";
import { consolePath } from "../../src/resources/registry-paths";
import { REVIEW_MESSAGES } from "../../src/schema/console/identity-review";
import { webapiPath } from "../../src/schema/contract";
import { nationalIdCheckChar } from "../../src/schema/identity";
import { PERSONAL_ENDPOINTS } from "../../src/schema/personal";
import { postMultipart } from "../server/support/multipart";
import { signInOperator } from "../server/support/operator";
import { freshIp, registerUser, userInfoOf, type RegisteredUser } from "../server/support/personal-users";
import { gradientPng } from "../server/support/png-image";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { operatorSession, renderConsole } from "./console-harness";
import { useDesktopMediaQueries } from "./desktop-media";
import { liveHttpClient } from "./live-http-client";

/**
 * The review section as an operator uses it: the console's own registry entry, pages and HTTP
 * client against the real app listening on a port, with a signed-in identity reviewer. Every call
 * is signed, sent over HTTP and checked by the server (permission included).
 */

useDesktopMediaQueries();

const first17 = "44030519850101123";
const ID_NUMBER = first17 + nationalIdCheckChar(first17);
const LIST = consolePath("review/identityApplications", "dataList");

let t: TestApp;
let origin: string;
let reviewer: { token: string; id: number; account: string };
let li: RegisteredUser;
let zhao: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  // The console's guard measures the operator's idle time with the browser's clock: both clocks read now.
  t.clock.set(Date.now());
  origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
  li = await registerUser(t, "13720000001");
  zhao = await registerUser(t, "13720000002");
  await t.call(PERSONAL_ENDPOINTS.submitRealName, { realName: "李四", idNumber: ID_NUMBER }, { token: li.token });
  const files = [{ name: "licenceImage", filename: "licence.png", contentType: "image/png", content: gradientPng(40, 30) }];
  const fields = { enterpriseName: "赵氏文化传媒有限公司", institutionType: "1", certificateKind: "businessLicence", certificateNumber: "91110108MA01ABCDE1" };
  await postMultipart(t, webapiPath(PERSONAL_ENDPOINTS.submitEnterprise), fields, { token: zhao.token, files, ip: freshIp() });
  reviewer = await signInOperator(t, { roles: ["identityReviewer"] });
  // pro-components and the console shell take seconds to load the first time in jsdom.
  await Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/console/identity-review/identity-review-page")]);
}, 90_000);
afterAll(() => t?.close());

function openConsole(path: string) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setOperator(operatorSession(["identityReviewer"], { token: reviewer.token, operator: { id: reviewer.id, account: reviewer.account, name: "测试操作员", roles: ["identityReviewer"], permissions: ["identity.review", "customers.read"] } }));
  const http = liveHttpClient({ origin, sessionStore, now: t.clock.now, path });
  return renderConsole({ path, registry: CONSOLE_REGISTRY, http, sessionStore });
}

const rowOf = async (text: string) => (await screen.findByRole("cell", { name: text }, { timeout: 15_000 })).closest("tr") as HTMLElement;

describe("reviewing identity applications in the console", { timeout: 90_000 }, () => {
  it("lists pending applications and rejects one with the reason the customer then reads", async () => {
    const view = openConsole(LIST);
    const row = await rowOf("李四");
    expect(within(row).getByText(`4403**********${ID_NUMBER.slice(-4)}`)).toBeInTheDocument();
    expect(within(row).getByText("待审核")).toBeInTheDocument();
    expect(await rowOf("赵氏文化传媒有限公司")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole("link", { name: "审核" }));
    expect(await screen.findByText(ID_NUMBER, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText("自动核验：未能自动核验")).toBeInTheDocument();
    expect(screen.getByLabelText(/^申请 \d+$/)).toHaveTextContent("当前申请");

    await user.click(screen.getByRole("button", { name: "驳回" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "驳回" }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("驳回原因"), "身份证照片与姓名不符");
    await user.click(within(dialog).getByRole("button", { name: "驳回" }));

    await waitFor(() => expect(view.location()).toBe(LIST), { timeout: 15_000 });
    expect(await screen.findByText(/已驳回申请 \d+，已通知用户/)).toBeInTheDocument();
    expect((await userInfoOf(t, li)).realNameStatus).toBe(3);
    expect((await t.call(PERSONAL_ENDPOINTS.getRealNameInfo, {}, { token: li.token })).json().datas.rejectReason).toBe("身份证照片与姓名不符");
  });

  it("approves an enterprise application after looking at its licence photo", async () => {
    const view = openConsole(LIST);
    const row = await rowOf("赵氏文化传媒有限公司");
    expect(screen.queryByRole("cell", { name: "李四" })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole("link", { name: "审核" }));
    const photo = await screen.findByRole("img", { name: "证照图片" }, { timeout: 15_000 });
    expect(photo.getAttribute("src")).toMatch(/^data:image\/png;base64,/);

    await user.click(screen.getByRole("button", { name: "通过" }));
    const confirm = await waitFor(() => {
      const popconfirm = document.querySelector<HTMLElement>(".ant-popconfirm");
      if (!popconfirm) throw new Error("the confirmation is not open yet");
      return popconfirm;
    });
    expect(within(confirm).getByText("确认通过该申请？")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "通过" }));
    await waitFor(() => expect(view.location()).toBe(LIST), { timeout: 15_000 });
    expect(await screen.findByText(/已通过申请 \d+，已通知用户/)).toBeInTheDocument();
    expect(await userInfoOf(t, zhao)).toMatchObject({ enterpriseStatus: 2, enterpriseName: "赵氏文化传媒有限公司" });
  });
});
