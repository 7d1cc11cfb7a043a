import CloseCircleFilled from "@ant-design/icons-svg/es/asn/CloseCircleFilled";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LightCarousel } from "../../src/components/light/light-carousel";
import { LightCheckbox } from "../../src/components/light/light-checkbox";
import { LightEmpty } from "../../src/components/light/light-empty";
import { LightIcon } from "../../src/components/light/light-icon";
import { LightInput } from "../../src/components/light/light-input";
import { LightPasswordInput } from "../../src/components/light/light-password-input";
import { LightTabs } from "../../src/components/light/light-tabs";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TABS = [
  { key: "a", label: "账号", children: <LightInput aria-label="账号输入" /> },
  { key: "b", label: "验证码", children: <p>第二页</p> },
  { key: "c", label: "扫码", children: <p>第三页</p> },
];

describe("light tabs", () => {
  it("render only opened panels, keep what was typed in one left, and take one Tab stop", async () => {
    render(<LightTabs items={TABS} />);
    expect(screen.getAllByRole("tab").map((tab) => tab.getAttribute("tabindex"))).toEqual(["0", "-1", "-1"]);
    expect(screen.queryByText("第二页")).toBeNull();
    await userEvent.type(screen.getByLabelText("账号输入"), "13800138000");
    await userEvent.click(screen.getByRole("tab", { name: "验证码" }));
    expect(screen.getByRole("tab", { name: "验证码" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("第二页");
    await userEvent.click(screen.getByRole("tab", { name: "账号" }));
    expect(screen.getByLabelText("账号输入")).toHaveValue("13800138000");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("账号");
  });

  it("move with the arrow keys (wrapping), Home and End, opening the tab they reach", async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [key, setKey] = useState("a");
      return <LightTabs items={TABS} activeKey={key} onChange={(next) => (onChange(next), setKey(next))} />;
    }
    render(<Controlled />);
    screen.getByRole("tab", { name: "账号" }).focus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "扫码" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("第三页");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "账号" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{End}");
    await userEvent.keyboard("{Home}");
    expect(onChange.mock.calls.map(([key]) => key)).toEqual(["c", "a", "c", "a"]);
  });
});

describe("light form controls", () => {
  it("a checkbox is ticked by a click on its words too", async () => {
    const onChange = vi.fn();
    render(
      <LightCheckbox checked={false} onChange={onChange}>
        我已阅读并同意
      </LightCheckbox>,
    );
    await userEvent.click(screen.getByText("我已阅读并同意"));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole("checkbox", { name: "我已阅读并同意" })).not.toBeChecked();
  });

  it("a password input shows what was typed only while its eye is pressed", async () => {
    render(<LightPasswordInput aria-label="密码" defaultValue="abc123" />);
    expect(screen.getByLabelText("密码")).toHaveAttribute("type", "password");
    // Found by a part of its label too (as a browser test's getByLabel does), the field is the only match.
    expect(screen.getAllByLabelText(/密码/)).toHaveLength(1);
    const eye = screen.getByRole("button", { name: "显示输入的字符" });
    expect(eye).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(eye);
    expect(screen.getByLabelText("密码")).toHaveAttribute("type", "text");
    expect(eye).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(eye);
    expect(screen.getByLabelText("密码")).toHaveAttribute("type", "password");
  });

  it("an empty state says what is missing; icons with SVG attribute names render without React warnings", () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <>
        <LightEmpty description="暂无数据" />
        <LightIcon icon={CloseCircleFilled} label="错误" />
      </>,
    );
    expect(screen.getByText("暂无数据")).toBeTruthy();
    expect(screen.getByRole("img", { name: "错误" }).querySelector("[fill-rule]")?.getAttribute("fill-rule")).toBe("evenodd");
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("light carousel", () => {
  const slides = ["第一张", "第二张", "第三张"].map((title) => (
    <a key={title} href="#">
      {title}
    </a>
  ));
  const activeDot = () => screen.getAllByRole("button").findIndex((dot) => dot.getAttribute("aria-current") === "true");
  const shownSlides = (container: HTMLElement) => [...container.querySelectorAll(".hz-l-carousel__slide:not([aria-hidden])")].map((slide) => slide.textContent);

  it("moves on by itself, holds still while pointed at, and hides the slides out of view", async () => {
    vi.useFakeTimers();
    const { container } = render(<LightCarousel autoplayMs={4000}>{slides}</LightCarousel>);
    expect(shownSlides(container)).toEqual(["第一张"]);
    expect(container.querySelectorAll("[inert]")).toHaveLength(3);
    await act(async () => vi.advanceTimersByTime(4000));
    expect(activeDot()).toBe(1);
    expect(shownSlides(container)).toEqual(["第二张"]);
    fireEvent.mouseEnter(container.firstElementChild!);
    await act(async () => vi.advanceTimersByTime(12000));
    expect(activeDot()).toBe(1);
    fireEvent.mouseLeave(container.firstElementChild!);
    await act(async () => vi.advanceTimersByTime(4000));
    expect(activeDot()).toBe(2);
    // Past the last slide the copy of the first slides in, and the first dot is lit.
    await act(async () => vi.advanceTimersByTime(4000));
    expect(activeDot()).toBe(0);
  });

  it("the dots pick a slide, by click or with the arrow keys", async () => {
    render(<LightCarousel autoplayMs={60_000}>{slides}</LightCarousel>);
    const dots = screen.getAllByRole("button");
    expect(dots.map((dot) => dot.getAttribute("aria-label"))).toEqual(["第 1 张，共 3 张", "第 2 张，共 3 张", "第 3 张，共 3 张"]);
    await userEvent.click(dots[2]);
    expect(activeDot()).toBe(2);
    await userEvent.keyboard("{ArrowRight}");
    expect(activeDot()).toBe(0);
    expect(dots[0]).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(activeDot()).toBe(2);
  });

  it("with reduced motion the slides change without sliding and without the copy", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), addEventListener() {}, removeEventListener() {} }));
    vi.useFakeTimers();
    const { container } = render(<LightCarousel autoplayMs={4000}>{slides}</LightCarousel>);
    const track = container.querySelector<HTMLElement>(".hz-l-carousel__track")!;
    expect(track.style.transition).toBe("none");
    expect(container.querySelector(".hz-l-carousel__slide--clone")).toBeNull();
    await act(async () => vi.advanceTimersByTime(12000));
    expect(shownSlides(container)).toEqual(["第一张"]);
    expect(track.children).toHaveLength(3);
  });
});
