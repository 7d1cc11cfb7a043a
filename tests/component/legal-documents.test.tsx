import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LegalDocumentPage } from "../../src/pages/user/legal/legal-document-page";
import { LEGAL_DOCUMENTS } from "../../src/pages/user/legal/legal-documents";
import { AntdTestProvider } from "./antd-test-provider";

async function renderDocument(path: string) {
  const entry = LEGAL_DOCUMENTS.find((candidate) => candidate.path === path)!;
  const text = await entry.loadText();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdTestProvider>
        <LegalDocumentPage document={{ title: entry.title, ...text }} />
      </AntdTestProvider>
    </MemoryRouter>,
  );
}

describe("legal documents under /user", () => {
  it("has the five texts of spec §2 at their paths", () => {
    expect(LEGAL_DOCUMENTS.map(({ path, title }) => [path, title])).toEqual([
      ["/user/agreement", "用户注册协议"],
      ["/user/privacyAgreement", "隐私政策"],
      ["/user/privacyShareAuthority", "权限申请与使用说明"],
      ["/user/privacyShareGathering", "个人信息收集清单"],
      ["/user/privacyShareSDK", "第三方共享清单"],
    ]);
  });

  it("the agreement explains that deleting a record leaves its ledger entry in place", async () => {
    await renderDocument("/user/agreement");
    expect(screen.getByRole("heading", { name: "用户注册协议" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "五、存证记录的永久性（请特别注意）" })).toBeInTheDocument();
    expect(screen.getByText(/该记录在账本中的条目.*将永久保留/)).toBeInTheDocument();
  });

  it("each text links to the other four", async () => {
    await renderDocument("/user/privacyAgreement");
    const links = screen.getAllByRole("link").filter((link) => link.getAttribute("href")?.startsWith("/user/"));
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/user/agreement",
      "/user/privacyShareAuthority",
      "/user/privacyShareGathering",
      "/user/privacyShareSDK",
    ]);
  });

  it("the third-party list states that the web platform embeds no SDK, and lists who receives what in a table", async () => {
    await renderDocument("/user/privacyShareSDK");
    expect(screen.getByText(/本平台网页未嵌入任何第三方软件开发工具包（SDK）/)).toBeInTheDocument();
    const table = screen.getByRole("table");
    expect(within(table).getByText("您选择的公证机构")).toBeInTheDocument();
  });
});
