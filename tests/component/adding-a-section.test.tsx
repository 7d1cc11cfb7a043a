import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp } from "antd";
import type { FastifyInstance } from "fastify";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerEndpoint } from "../../server/http/endpoint-route.js";
import { BusinessError, ok } from "../../server/http/envelope.js";
import { SectionRouteElement } from "../../src/pages/kinds/section-route-element";
import { createDataProvider } from "../../src/providers/data-provider";
import { SessionStoreProvider } from "../../src/providers/session-context";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { createSignedUrlBuilder } from "../../src/providers/signed-url";
import { defineSectionData, genericPage } from "../../src/resources/define";
import { deriveRoutes } from "../../src/resources/derive";
import { describeFilters } from "../../src/resources/field-meta";
import type { MainSectionDefinition } from "../../src/resources/types";
import { endpoint } from "../../src/schema/contract";
import { ResultCode } from "../../src/schema/envelope";
import { EVIDENCE_STATUS_LABELS, EvidenceStatusSchema } from "../../src/schema/evidence";
import { PageQuerySchema, pagePSchema } from "../../src/schema/paging";
import { createVerificationClient } from "../../src/verification/verification-client";
import { VerificationClientProvider } from "../../src/verification/verification-context";
import { registerUser } from "../server/support/personal-users";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { AntdTestProvider } from "./antd-test-provider";
import { liveHttpClient } from "./live-http-client";
import { CurrentLocation } from "./refine-harness";
import { TestRefine } from "./test-refine";

/**
 * The README's "Adding a section", for real: a notes section declared here with nothing but its
 * zod schemas (labels in their metadata), its contract endpoints and one registry entry gets a
 * working list, form, detail and certificate page from the generic kinds. The server side is a
 * route per endpoint registered from the same objects on the real app, listening on a port, and
 * the browser side is the app's own HTTP client and data provider: every call below is signed,
 * sent over HTTP and checked by the server. A note is kept as a text evidence, so its certificate
 * is a real one on the ledger.
 */

// ---- the section's schemas (src/schema/notes.ts in a real section) ----

const NoteSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  name: z.string().meta({ title: "笔记标题" }),
  certificateNo: z.string().meta({ title: "证书编号", copyable: true }),
  createTime: z.number().int().meta({ title: "记录时间", format: "datetime" }),
  status: EvidenceStatusSchema.meta({ title: "状态", labels: EVIDENCE_STATUS_LABELS }),
  sha256: z.string().meta({ title: "SHA-256" }),
  sm3: z.string().meta({ title: "SM3" }),
});
const NoteFormSchema = z.object({
  name: z.string().trim().min(2, "笔记标题至少2个字").max(50, "笔记标题不能超过50个字").meta({ title: "笔记标题" }),
  content: z.string().trim().min(1, "请输入笔记内容").max(2000, "笔记内容不能超过2000个字").meta({ title: "笔记内容", widget: "textarea" }),
});
const NoteQuerySchema = PageQuerySchema.extend({ keyName: z.string().trim().max(50).optional().meta({ title: "笔记标题" }) });

const TAG = "笔记";
const NOTE_ENDPOINTS = {
  list: endpoint({ method: "GET", path: "/notes/v2/list", input: NoteQuerySchema, datas: pagePSchema(NoteSchema), session: "user", tag: TAG, summary: "笔记列表" }),
  one: endpoint({ method: "GET", path: "/notes/v2/detail", input: z.object({ id: z.coerce.number().int().positive() }), datas: NoteSchema, session: "user", tag: TAG, summary: "一条笔记" }),
  create: endpoint({ method: "POST", path: "/notes/v2/create", input: NoteFormSchema, datas: NoteSchema, session: "user", tag: TAG, summary: "记一条笔记" }),
};

// ---- the server's routes, from the same endpoint objects ----

const DUPLICATE_TITLE = "已有同名笔记，请换一个标题";

async function notesModule(app: FastifyInstance) {
  const { evidence } = app.services;
  const callerId = (request: { session?: { subjectId: unknown } | null }) => Number(request.session!.subjectId);
  registerEndpoint(app, NOTE_ENDPOINTS.list, async (query, request) => ok(await evidence.listViews(callerId(request), "text", query)));
  registerEndpoint(app, NOTE_ENDPOINTS.one, async ({ id }, request) => ok(await evidence.detailView(callerId(request), id, "text")));
  registerEndpoint(app, NOTE_ENDPOINTS.create, async ({ name, content }, request) => {
    // A rule only the server can check, answered on its field.
    const same = await evidence.listViews(callerId(request), "text", { pageNumber: 1, pageSize: 10, keyName: name });
    if (same.list.some((note) => note.name === name)) throw new BusinessError(ResultCode.badRequest, DUPLICATE_TITLE, { errors: { name: DUPLICATE_TITLE } });
    return ok(await evidence.saveText(callerId(request), { name, content }));
  });
}

// ---- the registry entry (src/resources/notes/index.ts in a real section) ----

const notes: MainSectionDefinition = {
  key: "notes",
  title: "笔记",
  sections: [
    {
      key: "memo",
      title: "存证笔记",
      landing: "dataList",
      ...defineSectionData({
        record: NoteSchema,
        form: NoteFormSchema,
        columns: ["name", "status", "createTime", "certificateNo"],
        filters: describeFilters(NoteQuerySchema, ["keyName"]),
        endpoints: NOTE_ENDPOINTS,
      }),
      pages: [
        genericPage("new", "new", "新建笔记", { nav: true }),
        genericPage("dataList", "dataList", "笔记列表", { nav: true }),
        genericPage("dataList/Certificate", "certificate", "笔记证书"),
        genericPage("dataList/noteInfo", "detail", "笔记详情"),
      ],
    },
  ],
};

// ---- the app around it: the real client, signed calls over HTTP to the listening server ----

let t: TestApp;
let origin: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ modules: [notesModule] });
  origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
  token = (await registerUser(t, "13900001234")).token;
  // The kinds are built on pro-components, whose first import alone takes seconds in jsdom.
  await Promise.all([import("../../src/pages/kinds/data-list-page"), import("../../src/pages/kinds/new-page"), import("../../src/pages/kinds/record-page")]);
}, 60_000);
afterAll(() => t?.close());

function openNotes(path: string) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token, timestamp: t.clock.now(), id: 1, loginAccount: "13900001234", accountType: 1 });
  const http = liveHttpClient({ origin, sessionStore, now: t.clock.now, path });
  const signedUrl = createSignedUrlBuilder({ sessionStore, now: t.clock.now });
  const verification = createVerificationClient({ http, signedUrl, fetch: (input, init) => fetch(new URL(String(input), origin), init) });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdTestProvider>
        <AntdApp>
          <TestRefine
            dataProvider={createDataProvider(http)}
            options={{ disableTelemetry: true, disableRouteChangeHandler: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            <SessionStoreProvider store={sessionStore}>
              <VerificationClientProvider client={verification}>
                <Routes>
                  {deriveRoutes([notes]).map((route) => (
                    <Route key={route.path} path={route.path} element={<SectionRouteElement route={route} />} />
                  ))}
                </Routes>
                <CurrentLocation />
              </VerificationClientProvider>
            </SessionStoreProvider>
          </TestRefine>
        </AntdApp>
      </AntdTestProvider>
    </MemoryRouter>,
  );
}

const heading = (name: string) => screen.findByRole("heading", { name, level: 4 }, { timeout: 10_000 });

// Each test drives the real server (the ledger stores every note) and types into antd forms in jsdom: slow on a loaded machine.
describe("a section added with only its schema and a registry entry", { timeout: 60_000 }, () => {
  it("has a form checked by its schema, whose server refusals land on their fields, and which leads to the list", async () => {
    openNotes("/notes/memo/new");
    expect(await heading("新建笔记")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "提交" }));
    expect(await screen.findByText("笔记标题至少2个字")).toBeInTheDocument();
    expect(await screen.findByText("请输入笔记内容")).toBeInTheDocument();

    await user.type(screen.getByLabelText("笔记标题"), "会议纪要");
    await user.type(screen.getByLabelText("笔记内容"), "确定交付日期");
    await user.click(screen.getByRole("button", { name: "提交" }));
    await waitFor(() => expect(screen.getByLabelText("当前地址").textContent).toBe("/notes/memo/dataList"), { timeout: 10_000 });
    expect(await screen.findByRole("cell", { name: "会议纪要" }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("answers a title the server refuses on the title field", async () => {
    openNotes("/notes/memo/new");
    await heading("新建笔记");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("笔记标题"), "会议纪要");
    await user.type(screen.getByLabelText("笔记内容"), "重复的标题");
    await user.click(screen.getByRole("button", { name: "提交" }));
    const titleItem = screen.getByLabelText("笔记标题").closest(".ant-form-item") as HTMLElement;
    expect(await within(titleItem).findByText(DUPLICATE_TITLE, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText("当前地址").textContent).toBe("/notes/memo/new");
  });

  it("lists the notes with the schema's labels and filters them, in the URL, by the query schema's field", async () => {
    const stored = await t.call(NOTE_ENDPOINTS.create, { name: "周报", content: "本周完成接口联调。" }, { token });
    expect(stored.json().code).toBe(200);
    openNotes("/notes/memo/dataList");
    expect(await heading("笔记列表")).toBeInTheDocument();
    await screen.findByRole("cell", { name: "周报" }, { timeout: 10_000 });
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["笔记标题", "状态", "记录时间", "证书编号", "操作"]);
    expect(screen.getByText("共 2 条")).toBeInTheDocument();

    await userEvent.setup().type(screen.getByRole("searchbox", { name: "笔记标题" }), "周报{Enter}");
    await waitFor(() => expect(screen.queryByRole("cell", { name: "会议纪要" })).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByRole("cell", { name: "周报" })).toBeInTheDocument();
    expect(screen.getByLabelText("当前查询").textContent).toBe(`?keyName=${encodeURIComponent("周报")}`);
  });

  it("shows one note on its detail page and its certificate, checked against the ledger, on its certificate page", async () => {
    const created = (await t.call(NOTE_ENDPOINTS.create, { name: "合同要点", content: "付款分三期。" }, { token })).json().datas as z.infer<typeof NoteSchema>;
    openNotes(`/notes/memo/dataList/noteInfo?id=${created.id}`);
    expect(await heading("笔记详情")).toBeInTheDocument();
    expect(await screen.findByText("合同要点", undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(created.certificateNo)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "返回笔记列表" })).toHaveAttribute("href", "/notes/memo/dataList");

    openNotes(`/notes/memo/dataList/Certificate?id=${created.id}`);
    expect(await heading("笔记证书")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /下载 PDF 证书/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await within(await screen.findByTestId("certificate-result", undefined, { timeout: 15_000 })).findByText("核验通过", undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});
