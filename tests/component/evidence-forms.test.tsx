import { createHash } from "node:crypto";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { deriveRoutes } from "../../src/resources/derive";
import { REGISTRY } from "../../src/resources/registry";
import { EVIDENCE_KIND_ENDPOINTS as KINDS } from "../../src/schema/evidence";
import { registryPath } from "../../src/resources/registry-paths";
import { fail, ok } from "./account-harness";
import { renderPersonal } from "./personal-harness";

const ROUTES = deriveRoutes(REGISTRY);

// The lists are the generic kind on pro-components, whose first import alone takes seconds in jsdom:
// load it and the evidence lists' slots before the clock of any test starts.
beforeAll(() => Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/evidence/evidence-list-slots")]), 60_000);
const open = (path: string, script: Parameters<typeof renderPersonal>[0]["script"] = {}) =>
  renderPersonal({ path, element: <SectionRouteElement route={ROUTES.find((route) => route.path === path.split("?")[0])!} />, script });

const record = (overrides: Record<string, unknown> = {}) => ({
  id: 11,
  certificateNo: "HZ0123456789ABCDEFGHJKMN",
  kind: "file",
  name: "合同.pdf",
  holderName: "张三",
  size: 2048,
  sha256: "a".repeat(64),
  sm3: "b".repeat(64),
  createTime: Date.UTC(2026, 10, 22, 2),
  ledgerIndex: 4,
  blockHeight: 2,
  status: "stored",
  parentId: null,
  hasContent: true,
  childCount: 0,
  details: {},
  ...overrides,
});
const page = (list: unknown[]) => ok({ list, pageNumber: 1, pageSize: 10, totalPage: 1, totalRow: list.length });
const file = KINDS.file;

describe("file evidence list and upload", () => {
  it("lists records with their status and certificate, and uploads a chosen file", async () => {
    const { callsTo } = open(registryPath("evidenceSave/fileEvidence", "dataList"), {
      [file.list.path]: page([record(), record({ id: 12, name: "处理中.pdf", status: "pending", certificateNo: "HZ1111111111111111111111" })]),
      [file.create.path]: ok([record({ id: 13, certificateNo: "HZ2222222222222222222222" })]),
    });
    // The first list of the file: the table's first drawing takes seconds in jsdom on a loaded machine.
    const stored = (await screen.findByText("合同.pdf", {}, { timeout: 15_000 })).closest("tr")!;
    expect(within(stored).getByText("已存证")).toBeInTheDocument();
    expect(within(stored).getByRole("link", { name: "查看证书" })).toHaveAttribute("href", `${registryPath("evidenceSave/fileEvidence", "dataList/Certificate")}?id=11`);
    const pending = screen.getByText("处理中.pdf").closest("tr")!;
    expect(within(pending).getByText("处理中")).toBeInTheDocument();
    expect(within(pending).queryByRole("link", { name: "查看证书" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "新建文件存证" }));
    const dialog = await screen.findByRole("dialog");
    // antd replaces its file input after each choice, so it is looked up each time.
    const fileInput = () => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(fileInput(), new File([], "empty.pdf"));
    expect(await within(dialog).findByText("不支持上传0KB的文件")).toBeInTheDocument();
    await userEvent.upload(fileInput(), new File(["%PDF"], "合同.pdf"));
    expect(await within(dialog).findByText("合同.pdf")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "提交存证" }));
    await waitFor(() => expect(callsTo(file.create.path)).toHaveLength(1));
    const sent = callsTo(file.create.path)[0].params;
    expect(sent.file0).toBeInstanceOf(File);
    expect((sent.file0 as File).name).toBe("合同.pdf");
    expect(await screen.findByText("存证成功，证书编号：HZ2222222222222222222222")).toBeInTheDocument();
  });

  it("asks for a file before sending anything", async () => {
    const { callsTo } = open(registryPath("evidenceSave/fileEvidence", "dataList"), { [file.list.path]: page([]) });
    await userEvent.click(await screen.findByRole("button", { name: "新建文件存证" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "提交存证" }));
    expect(await screen.findByText("请选择文件")).toBeInTheDocument();
    expect(callsTo(file.create.path)).toHaveLength(0);
  });
});

describe("text evidence", () => {
  it("checks the fields by the schema and shows the server's field message on its field", async () => {
    const text = KINDS.text;
    const { callsTo } = open(registryPath("evidenceSave/textEvidence", "dataList"), {
      [text.list.path]: page([]),
      [text.create.path]: fail(1001, "参数校验失败", null),
    });
    await userEvent.click(await screen.findByRole("button", { name: "新建文本存证" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "提交存证" }));
    expect(await within(dialog).findByText("请输入存证名称")).toBeInTheDocument();
    expect(await within(dialog).findByText("请输入存证文本")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("存证名称"), "声明");
    await userEvent.type(within(dialog).getByLabelText("存证文本"), "  第一行 {enter}{enter} 第二行 ");
    await userEvent.click(within(dialog).getByRole("button", { name: "提交存证" }));
    await waitFor(() => expect(callsTo(text.create.path)).toHaveLength(1));
    expect(callsTo(text.create.path)[0].params).toMatchObject({ name: "声明", content: "第一行\n第二行" });
    expect(await within(dialog).findByText("参数校验失败")).toBeInTheDocument();
  });
});

describe("hash evidence", () => {
  it("hashes the chosen file here and sends only its digests, name and size", async () => {
    const hash = KINDS.hash;
    const { callsTo } = open(registryPath("evidenceSave/hashEvidence", "dataList"), { [hash.list.path]: page([]), [hash.create.path]: ok(record({ kind: "hash", hasContent: false })) });
    await userEvent.click(await screen.findByRole("button", { name: "新建哈希存证" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("存证名称"), "设计稿");
    const content = "设计稿原件内容".repeat(1000);
    await userEvent.upload(within(dialog).getByLabelText("选择文件并在本地计算摘要"), new File([content], "design.psd"));
    const expected = createHash("sha256").update(content).digest("hex");
    expect(await within(dialog).findByText(expected)).toBeInTheDocument();
    expect(within(dialog).getByText(createHash("sm3").update(content).digest("hex"))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "提交存证" }));
    await waitFor(() => expect(callsTo(hash.create.path)).toHaveLength(1));
    const sent = callsTo(hash.create.path)[0].params;
    expect(sent).toEqual({ name: "设计稿", fileName: "design.psd", size: Buffer.byteLength(content), sha256: expected, sm3: createHash("sm3").update(content).digest("hex") });
  });
});

describe("rights in a web page", () => {
  it("says plainly that the platform does not fetch the address", async () => {
    open(registryPath("rights/web", "new"));
    expect(await screen.findByText(/平台服务器不连接互联网，不会代为打开该网址/)).toBeInTheDocument();
    expect(screen.getByLabelText("网页地址")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "只提交网页文件的摘要值" })).toBeInTheDocument();
  });
});

describe("rights in a file", () => {
  it("answers every field left empty in Chinese, the unchosen type included", async () => {
    const rightsFile = KINDS.rightsFile;
    const { callsTo } = open(registryPath("rights/file", "new"));
    await screen.findByLabelText("作品名称", {}, { timeout: 5000 });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["%PDF"], "作品.pdf"));
    await userEvent.click(screen.getByRole("button", { name: "提交存证" }));
    const shown = () => [...document.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);
    await waitFor(() => expect(shown()).toEqual(["请输入作品名称", "请输入作者", "请选择创作完成时间", "请选择作品类型"]));
    console.log(shown());
    expect(callsTo(rightsFile.create.path)).toHaveLength(0);
  });
});
