import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { certificateVerifyHref, LAWYER_SERVICE_ENDPOINTS as LAWYER, type ConsultationDetail, type ConsultationMessage } from "../../src/schema/lawyer-service";
import { ok, type ScriptedAnswer } from "./account-harness";
import { renderPersonal } from "./personal-harness";

/**
 * The consultation thread (/lawService/wsLawyer/dataDetail, issue 17) through the registry's own
 * route against scripted /webapi answers: the chat with relative times, read state and attachments,
 * the linked evidence, the composer, the lawyer's close with a summary, and a closed thread.
 */

const ROUTES = deriveRoutes(REGISTRY).filter((route) => route.resource === "lawService/wsLawyer");
const THREAD = ROUTES.find((route) => route.page.path === "dataDetail")!;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const message = (overrides: Partial<ConsultationMessage>): ConsultationMessage => ({
  id: 1,
  side: "user",
  senderName: "张三",
  text: "",
  attachments: [],
  time: Date.now(),
  isMine: true,
  isRead: true,
  ...overrides,
});

const thread = (overrides: Partial<ConsultationDetail> = {}): ConsultationDetail => ({
  id: 31,
  title: "网店盗图维权",
  state: "open",
  lawyerName: "王律师",
  lawFirm: "杭州衡证律师事务所",
  userName: "张三",
  evidenceCount: 1,
  unreadCount: 1,
  lastMessageTime: Date.now(),
  createTime: Date.now() - 10 * DAY,
  side: "user",
  lawyer: { userId: 8, displayName: "王律师", lawFirm: "杭州衡证律师事务所", practiceAreas: ["internetInfringement"], licenceNo: "13301202611000777", introduction: "专注网络侵权。", isActive: true },
  evidence: [
    {
      evidenceId: 5,
      kind: "text",
      name: "聊天记录",
      certificateNo: "HZ20261124TEXT00000001",
      sha256: "a".repeat(64),
      sm3: "b".repeat(64),
      size: 18,
      storeTime: Date.now() - 12 * DAY,
      ledgerIndex: 7,
    },
  ],
  messages: [
    message({ id: 1, text: "对方盗用了我的商品图片。", time: Date.now() - 10 * DAY, isRead: true }),
    message({
      id: 2,
      side: "lawyer",
      senderName: "王律师",
      text: "请补充购买记录。",
      time: Date.now() - 2 * DAY,
      isMine: false,
      attachments: [{ id: 9, fileName: "补充说明.pdf", size: 2048, sha256: "c".repeat(64), contentType: "application/pdf" }],
    }),
    message({ id: 3, text: "好的，马上补充。", time: Date.now() - 3 * MINUTE, isRead: false }),
  ],
  summary: null,
  closeTime: null,
  actions: ["post"],
  ...overrides,
});

function open(detail: ConsultationDetail, extra: Record<string, ScriptedAnswer> = {}) {
  return renderPersonal({
    path: `${THREAD.path}?id=${detail.id}`,
    element: <SectionRouteElement route={THREAD} />,
    routes: ROUTES,
    script: { [LAWYER.detail.path]: ok(detail), [LAWYER.markRead.path]: ok({ unreadCount: 0 }), ...extra },
  });
}

describe("the consultation thread", () => {
  it("shows the chat with relative times, read state and attachments, and marks the lawyer's messages read", async () => {
    const { callsTo } = open(thread());
    const messages = await screen.findAllByRole("listitem", { name: /的消息$/ });
    expect(messages.map((item) => item.getAttribute("aria-label"))).toEqual(["张三的消息", "王律师的消息", "张三的消息"]);
    // Ten days ago is past the relative labels: a date.
    expect(within(messages[0]).getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeInTheDocument();
    expect(within(messages[1]).getByText("2天前")).toBeInTheDocument();
    expect(within(messages[2]).getByText("3分钟前")).toBeInTheDocument();
    expect(within(messages[0]).getByText("已读")).toBeInTheDocument();
    expect(within(messages[2]).getByText("未读")).toBeInTheDocument();
    expect(within(messages[1]).queryByText(/已读|未读/)).toBeNull();
    expect(within(messages[1]).getByRole("button", { name: /补充说明\.pdf（2 KB）/ })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(LAWYER.markRead.path)).toHaveLength(1));
    expect(callsTo(LAWYER.markRead.path)[0].params).toMatchObject({ id: 31, lastMessageId: 2 });
  });

  it("lists the linked evidence with its certificate, digests and public verification", async () => {
    open(thread());
    const item = await screen.findByRole("listitem", { name: "证据 聊天记录" });
    expect(within(item).getByText(/HZ20261124TEXT00000001/)).toBeInTheDocument();
    expect(within(item).getByText(`SHA-256 ${"a".repeat(64)}`)).toBeInTheDocument();
    expect(within(item).getByRole("link", { name: "公开核验证书" })).toHaveAttribute("href", certificateVerifyHref("HZ20261124TEXT00000001"));
  });

  it("sends a message with its request key, and refuses an empty one in the browser", async () => {
    const user = userEvent.setup();
    const { callsTo } = open(thread({ unreadCount: 0 }), { [LAWYER.post.path]: ok(message({ id: 4, text: "购买记录已上传。" })) });
    const box = await screen.findByRole("textbox", { name: "消息" });
    await user.click(screen.getByRole("button", { name: /发送/ }));
    expect(await screen.findByText("请输入消息内容或添加附件")).toBeInTheDocument();
    expect(callsTo(LAWYER.post.path)).toHaveLength(0);
    await user.type(box, "购买记录已上传。");
    await user.click(screen.getByRole("button", { name: /发送/ }));
    await waitFor(() => expect(callsTo(LAWYER.post.path)).toHaveLength(1));
    expect(callsTo(LAWYER.post.path)[0].params).toMatchObject({ id: 31, text: "购买记录已上传。", requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    await waitFor(() => expect(box).toHaveValue(""));
    // Nothing was unread: nothing to mark.
    expect(callsTo(LAWYER.markRead.path)).toHaveLength(0);
  });

  it("lets the lawyer close it with a summary, which is required", async () => {
    const user = userEvent.setup();
    const lawyerView = thread({ side: "lawyer", unreadCount: 0, actions: ["post", "close"] });
    const { callsTo } = open(lawyerView, { [LAWYER.close.path]: ok({ ...lawyerView, state: "closed", summary: "建议起诉。", actions: [] }) });
    await user.click(await screen.findByRole("button", { name: "结束咨询" }));
    const dialog = await screen.findByRole("dialog", { name: "结束咨询" });
    await user.click(within(dialog).getByRole("button", { name: /结束咨询/ }));
    expect(await within(dialog).findByText("请填写咨询总结")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("咨询总结"), "证据链完整，建议起诉。");
    await user.click(within(dialog).getByRole("button", { name: /结束咨询/ }));
    await waitFor(() => expect(callsTo(LAWYER.close.path)).toHaveLength(1));
    expect(callsTo(LAWYER.close.path)[0].params).toMatchObject({ id: 31, summary: "证据链完整，建议起诉。" });
  });

  it("shows a closed thread read-only, with the lawyer's summary", async () => {
    open(thread({ state: "closed", unreadCount: 0, summary: "证据链完整，建议补充购买记录后起诉。", closeTime: Date.now(), actions: [] }));
    const summary = await screen.findByLabelText("咨询总结");
    expect(within(summary).getByText("证据链完整，建议补充购买记录后起诉。")).toBeInTheDocument();
    expect(screen.getByText("咨询已结束，记录只读，不能再发送消息")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "消息" })).toBeNull();
    expect(screen.queryByRole("button", { name: "结束咨询" })).toBeNull();
  });
});
