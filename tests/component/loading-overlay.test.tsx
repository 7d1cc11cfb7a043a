import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { AppFeedbackProvider, createAppFeedback, useLoadingWhile, type AppFeedback } from "../../src/components/app-feedback";
import { LoadingOverlay } from "../../src/components/loading-overlay";
import { AntdTestProvider } from "./antd-test-provider";

/** The pretend server's answer to the save, settled by the test. */
let finishSave: () => void = () => undefined;

/** A page that raises the flag while its mutation is pending, as pages do with mutation.isPending. */
function SavingPage() {
  const [isPending, setPending] = useState(false);
  useLoadingWhile(isPending);
  const save = () => {
    setPending(true);
    new Promise<void>((resolve) => (finishSave = resolve)).then(() => setPending(false));
  };
  return (
    <button type="button" onClick={save}>
      保存
    </button>
  );
}

function renderOverlay(feedback: AppFeedback = createAppFeedback()) {
  render(
    <AntdTestProvider>
      <AppFeedbackProvider feedback={feedback}>
        <LoadingOverlay>
          <SavingPage />
        </LoadingOverlay>
      </AppFeedbackProvider>
    </AntdTestProvider>,
  );
  return feedback;
}

const OVERLAY_TEXT = "处理中，请稍候…";
const overlayText = () => screen.queryByText(OVERLAY_TEXT);

describe("the shell's loading overlay (spec §2, §3 loading flags)", () => {
  it("shows over the content while a page's mutation runs, blocking it, and goes when it ends", async () => {
    renderOverlay();
    expect(overlayText()).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "保存" }));
    // antd's Spin shows on its next tick.
    expect(await screen.findByText(OVERLAY_TEXT)).toBeInTheDocument();
    // The page under the overlay is blurred and takes no pointer: antd's CSS for ant-spin-blur,
    // which the component tests leave unparsed (unparsed-styles.ts).
    expect(screen.getByRole("button", { name: "保存" }).closest(".ant-spin-container")).toHaveClass("ant-spin-blur");
    await act(async () => finishSave());
    expect(overlayText()).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText(OVERLAY_TEXT)).toBeInTheDocument();
  });

  it("stays until every overlapping task a provider tracks has ended, failures included", async () => {
    const feedback = renderOverlay();
    let finishUpload!: () => void;
    let failSave!: (reason: Error) => void;
    const upload = feedback.loading.track(new Promise<void>((resolve) => (finishUpload = resolve)));
    const save = feedback.loading.track(new Promise<void>((_resolve, reject) => (failSave = reject)));
    expect(await screen.findByText(OVERLAY_TEXT)).toBeInTheDocument();
    await act(async () => finishUpload());
    await upload;
    expect(overlayText()).toBeInTheDocument();
    await act(async () => {
      failSave(new Error("保存失败"));
      await save.catch(() => undefined);
    });
    expect(overlayText()).not.toBeInTheDocument();
  });

  it("ignores a task ending twice", () => {
    const feedback = createAppFeedback();
    const endFirst = feedback.loading.begin();
    const endSecond = feedback.loading.begin();
    endFirst();
    endFirst();
    expect(feedback.loading.isLoading()).toBe(true);
    endSecond();
    expect(feedback.loading.isLoading()).toBe(false);
  });
});
