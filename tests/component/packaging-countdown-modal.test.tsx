import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppFeedbackProvider, createAppFeedback } from "../../src/components/app-feedback";
import { PackagingCountdownModal } from "../../src/components/packaging-countdown-modal";
import { AntdTestProvider } from "./antd-test-provider";

afterEach(() => {
  vi.useRealTimers();
});

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

const dialog = () => screen.getByRole("dialog", { name: "正在打包下载" });

describe("packaging-countdown modal (spec §2)", () => {
  it("shows the seconds it is given", () => {
    render(
      <AntdTestProvider>
        <PackagingCountdownModal open secondsLeft={12} />
      </AntdTestProvider>,
    );
    expect(dialog()).toHaveTextContent("下载文件正在打包，预计还需 12 秒");
    // Packaging is not something the user can dismiss halfway.
    expect(screen.queryByRole("button", { name: "关闭" })).not.toBeInTheDocument();
  });

  it("counts the estimate down, says it is nearly done past it, and goes when packaging finishes", async () => {
    vi.useFakeTimers();
    const feedback = createAppFeedback();
    render(
      <AntdTestProvider>
        <AppFeedbackProvider feedback={feedback}>
          <p>证据库</p>
        </AppFeedbackProvider>
      </AntdTestProvider>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await showLoaded(() => feedback.packaging.show({ estimatedSeconds: 3 }));
    expect(dialog()).toHaveTextContent("预计还需 3 秒");
    await advance(1_000);
    expect(dialog()).toHaveTextContent("预计还需 2 秒");
    await advance(2_000);
    expect(dialog()).toHaveTextContent("打包即将完成，请稍候…");
    // Still there until the caller reports the end of packaging.
    await advance(30_000);
    expect(dialog()).toBeInTheDocument();
    await showLoaded(() => feedback.packaging.show({ estimatedSeconds: 5 }));
    expect(dialog()).toHaveTextContent("预计还需 5 秒");
    act(() => feedback.packaging.close());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
