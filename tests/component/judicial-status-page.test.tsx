import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { JudicialStatusPage } from "../../src/pages/judicial/judicial-status-page";
import { createMemoryStorage, createSessionStore } from "../../src/providers/session-store";
import { registryPath } from "../../src/resources/registry-paths";
import { fakeHttpClient, RefineHarness } from "./refine-harness";

// The first render of a file pays for antd's styles being built; a slow machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

function renderPage(user: Record<string, unknown>) {
  const sessionStore = createSessionStore(createMemoryStorage());
  sessionStore.setUser({ token: "tk", timestamp: Date.now(), id: 9, ...user });
  const { http } = fakeHttpClient({});
  render(<RefineHarness path="/judicialStatus?source=judicialExpert" element={<JudicialStatusPage />} sessionStore={sessionStore} http={http} />);
}

describe("/judicialStatus", () => {
  it("shows who is signed in, the real-name prompt while unverified, and the way to the personal centre", () => {
    renderPage({ mobile: "13700000000", realNameStatus: 0 });
    expect(screen.getByRole("heading", { name: "司法鉴定通道" })).toBeInTheDocument();
    expect(screen.getByText("13700000000")).toBeInTheDocument();
    expect(screen.getByText("未认证")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "实名认证很重要，去认证" })).toHaveAttribute("href", registryPath("personal/securityCenter", "authentication"));
    expect(screen.getByText("司法鉴定的委托、查看与出具意见功能尚在建设中")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "进入个人中心" })).toHaveAttribute("href", registryPath("personal/operationPanel"));
  });

  it("shows a verified real name without the prompt", () => {
    renderPage({ userRealName: "王鉴定", realNameStatus: 2 });
    expect(screen.getByText("王鉴定")).toBeInTheDocument();
    expect(screen.getByText("已认证")).toBeInTheDocument();
    expect(screen.queryByText("实名认证很重要，去认证")).not.toBeInTheDocument();
  });
});
