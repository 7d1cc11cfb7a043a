import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppFeedbackProvider, createAppFeedback } from "../../src/components/app-feedback";
import { ExportRecordsModal } from "../../src/components/export-records-modal";
import { AntdTestProvider } from "./antd-test-provider";

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the fake clock inside act(), letting antd's animation steps settle too. */
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/** Shows a modal through its store and waits for the modal's code, which loads on the first show. */
async function showLoaded(show: () => void) {
  await act(async () => {
    show();
    await vi.dynamicImportSettled();
  });
}

function renderWithFeedback() {
  const feedback = createAppFeedback();
  render(
    <AntdTestProvider>
      <AppFeedbackProvider feedback={feedback}>
        <p>页面</p>
      </AppFeedbackProvider>
    </AntdTestProvider>,
  );
  return feedback;
}

describe("export-records modal (spec §2, §4, §9)", () => {
  it("shows its message with a countdown from 4 and closes itself after 4 seconds", async () => {
    vi.useFakeTimers();
    const feedback = renderWithFeedback();
    await showLoaded(() => feedback.exportRecords.show({ content: "导出任务已提交，文件生成后可在证据库下载。" }));
    const dialog = screen.getByRole("dialog", { name: "导出记录" });
    expect(dialog).toHaveTextContent("导出任务已提交，文件生成后可在证据库下载。");
    expect(dialog).toHaveTextContent("4 秒后自动关闭");
    await advance(1_000);
    expect(dialog).toHaveTextContent("3 秒后自动关闭");
    await advance(2_999);
    expect(screen.getByRole("dialog", { name: "导出记录" })).toHaveTextContent("1 秒后自动关闭");
    await advance(1);
    expect(screen.queryByRole("dialog", { name: "导出记录" })).not.toBeInTheDocument();
    expect(feedback.exportRecords.getCurrent()).toBeNull();
  });

  it("can be dismissed before the countdown ends", async () => {
    const feedback = renderWithFeedback();
    await showLoaded(() => feedback.exportRecords.show({ content: "导出任务已提交" }));
    await userEvent.setup().click(screen.getByRole("button", { name: "知道了" }));
    expect(screen.queryByRole("dialog", { name: "导出记录" })).not.toBeInTheDocument();
  });

  it("a new message starts the 4 seconds again", async () => {
    vi.useFakeTimers();
    const feedback = renderWithFeedback();
    await showLoaded(() => feedback.exportRecords.show({ content: "第一次导出已提交" }));
    await advance(3_000);
    await showLoaded(() => feedback.exportRecords.show({ content: "第二次导出已提交" }));
    expect(screen.getByRole("dialog", { name: "导出记录" })).toHaveTextContent("4 秒后自动关闭");
    await advance(3_000);
    expect(screen.getByRole("dialog", { name: "导出记录" })).toHaveTextContent("第二次导出已提交");
    await advance(1_000);
    expect(screen.queryByRole("dialog", { name: "导出记录" })).not.toBeInTheDocument();
  });

  it("as a plain component it stays closed while not open and reports its auto-close once", async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { rerender } = render(
      <AntdTestProvider>
        <ExportRecordsModal open={false} content="导出任务已提交" onClose={onClose} />
      </AntdTestProvider>,
    );
    await advance(10_000);
    expect(onClose).not.toHaveBeenCalled();
    rerender(
      <AntdTestProvider>
        <ExportRecordsModal open content="导出任务已提交" onClose={onClose} />
      </AntdTestProvider>,
    );
    await advance(4_000);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
