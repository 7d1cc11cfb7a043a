import UpOutlined from "@ant-design/icons-svg/es/asn/UpOutlined";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { LightAlert } from "../../src/components/light/light-alert";
import { LightButton, LightLinkButton } from "../../src/components/light/light-button";
import { LightField } from "../../src/components/light/light-field";
import { LightIcon } from "../../src/components/light/light-icon";
import { LightInput } from "../../src/components/light/light-input";
import { LightPopover } from "../../src/components/light/light-popover";

describe("the light kit (the visitor's pages without antd, issue 20)", () => {
  it("a field names its input by its label and announces the error in place of the hint", () => {
    const { rerender } = render(
      <LightField label="证书编号" htmlFor="no" help="存证证书上印有的编号">
        <LightInput id="no" />
      </LightField>,
    );
    expect(screen.getByLabelText("证书编号")).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByText("存证证书上印有的编号")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();

    rerender(
      <LightField label="证书编号" htmlFor="no" help="存证证书上印有的编号" error="证书编号格式不正确">
        <LightInput id="no" isInvalid />
      </LightField>,
    );
    expect(screen.getByRole("alert").textContent).toBe("证书编号格式不正确");
    expect(screen.queryByText("存证证书上印有的编号")).toBeNull();
    expect(screen.getByLabelText("证书编号").getAttribute("aria-invalid")).toBe("true");
  });

  it("a busy button ignores clicks and says it is busy", async () => {
    const onClick = vi.fn();
    const { rerender } = render(<LightButton onClick={onClick}>查询</LightButton>);
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <LightButton onClick={onClick} loading>
        查询
      </LightButton>,
    );
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "查询" }).getAttribute("aria-busy")).toBe("true");
  });

  it("a link button is a real link that navigates inside the app on a plain click", async () => {
    render(
      <MemoryRouter initialEntries={["/index"]}>
        <Routes>
          <Route path="/index" element={<LightLinkButton to="/info/validateQuery">查询验证</LightLinkButton>} />
          <Route path="/info/validateQuery" element={<p>核验页</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: "查询验证" });
    expect(link.getAttribute("href")).toBe("/info/validateQuery");
    await userEvent.click(link);
    expect(screen.getByText("核验页")).toBeTruthy();
  });

  it("a popover opens on hover and on keyboard focus, stays open for clicks inside it, and closes on Escape", async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          已点 {count} 次
        </button>
      );
    }
    render(
      <LightPopover content={<Counter />} title="App 下载">
        <button type="button">App 二维码</button>
      </LightPopover>,
    );
    const anchor = screen.getByRole("button", { name: "App 二维码" });
    expect(screen.queryByRole("tooltip")).toBeNull();

    await userEvent.hover(anchor);
    expect(screen.getByRole("tooltip").textContent).toContain("App 下载");
    await userEvent.click(screen.getByRole("button", { name: "已点 0 次" }));
    expect(screen.getByRole("button", { name: "已点 1 次" })).toBeTruthy();
    await userEvent.unhover(anchor.parentElement!);
    expect(screen.queryByRole("tooltip")).toBeNull();

    act(() => anchor.focus());
    expect(screen.getByRole("tooltip")).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("an icon is decorative unless labelled, and an alert of an error is announced", () => {
    render(
      <>
        <LightIcon icon={UpOutlined} />
        <LightIcon icon={UpOutlined} label="回到顶部" />
        <LightAlert type="error" message="未找到该证书" />
      </>,
    );
    expect(screen.getAllByRole("img")).toHaveLength(1);
    expect(screen.getByRole("img", { name: "回到顶部" }).querySelector("path")?.getAttribute("d")).toMatch(/^M/);
    expect(screen.getByRole("alert").textContent).toBe("未找到该证书");
  });
});
