import { act, render as renderInDom, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MessageModal, MessageModalHost } from "../../src/components/message-modal";
import { createMessageModalStore } from "../../src/providers/message-modal-store";
import { AntdTestProvider } from "./antd-test-provider";

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the fake clock inside act(), letting antd's animation steps (promise-based) settle too. */
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

function render(ui: ReactElement) {
  const wrap = (element: ReactElement) => <AntdTestProvider>{element}</AntdTestProvider>;
  const result = renderInDom(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}

describe("message modal", () => {
  it("is titled 消息提示 with default 确定 / 取消 buttons", () => {
    render(<MessageModal open content="退出失败" onClose={() => undefined} />);
    expect(screen.getByText("消息提示")).toBeInTheDocument();
    expect(screen.getByText("退出失败")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "确定" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "取消" })).toBeInTheDocument();
  });

  it("uses configured confirm and cancel texts and calls their handlers, then closes", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const onClose = vi.fn();
    render(<MessageModal open content="是否重新登录？" confirmText="去登录" cancelText="稍后再说" onConfirm={onConfirm} onCancel={onCancel} onClose={onClose} />);
    await user.click(screen.getByRole("button", { name: "去登录" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "稍后再说" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("closes itself after 5 s when autoClose is set", async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<MessageModal open autoClose content="已保存" onClose={onClose} />);
    await advance(4_999);
    expect(onClose).not.toHaveBeenCalled();
    await advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("stays open without autoClose", async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<MessageModal open content="退出失败" onClose={onClose} />);
    await advance(60_000);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a re-render with a new onClose does not restart the countdown", async () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<MessageModal open autoClose content="已保存" onClose={first} />);
    await advance(3_000);
    rerender(<MessageModal open autoClose content="已保存" onClose={second} />);
    await advance(2_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("the host shows what the store holds and hides it after auto-close", async () => {
    vi.useFakeTimers();
    const store = createMessageModalStore();
    render(<MessageModalHost store={store} />);
    expect(screen.queryByText("消息提示")).not.toBeInTheDocument();
    act(() => store.show({ content: "操作成功", autoClose: true }));
    expect(screen.getByText("操作成功")).toBeInTheDocument();
    await advance(5_000);
    expect(store.getCurrent()).toBeNull();
    expect(screen.queryByText("操作成功")).not.toBeInTheDocument();
  });
});
