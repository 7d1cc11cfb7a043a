import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { findProblem, type DateRangeValue } from "../../src/components/date-range/date-range-filter";
import { ListFilterBar } from "../../src/components/list-filter/list-filter-bar";
import { AntdTestProvider } from "./antd-test-provider";

/** 2024-06-15 12:00 in Shanghai. */
const NOW = () => Date.UTC(2024, 5, 15, 4);

function renderFilter(value: DateRangeValue = { start: "", stop: "" }) {
  const onApply = vi.fn();
  render(
    <AntdTestProvider>
      <ListFilterBar
        filters={[{ kind: "dateRange", start: "startTime", stop: "endTime", label: "存证时间" }]}
        values={{ startTime: value.start, endTime: value.stop }}
        onApply={(values) => onApply({ start: values.startTime, stop: values.endTime })}
        now={NOW}
      />
    </AntdTestProvider>,
  );
  return { onApply };
}

async function typeDate(label: string, text: string) {
  const input = screen.getByPlaceholderText(label);
  await userEvent.setup().click(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
}

const search = () => userEvent.setup().click(screen.getByRole("button", { name: "查询" }));

describe("the date-range filter of a list (spec §2, §5)", () => {
  it("limits each date input to 10 characters", () => {
    renderFilter();
    expect(screen.getByPlaceholderText("开始日期")).toHaveAttribute("maxlength", "10");
    expect(screen.getByPlaceholderText("结束日期")).toHaveAttribute("maxlength", "10");
  });

  it("shows the applied range it was given", () => {
    renderFilter({ start: "2024-01-02", stop: "2024-03-04" });
    expect(screen.getByPlaceholderText("开始日期")).toHaveValue("2024-01-02");
    expect(screen.getByPlaceholderText("结束日期")).toHaveValue("2024-03-04");
  });

  it("applies an empty range: both ends empty is allowed", async () => {
    const { onApply } = renderFilter();
    await search();
    expect(onApply).toHaveBeenCalledWith({ start: "", stop: "" });
  });

  it("refuses a start without an end with the spec's message", async () => {
    const { onApply } = renderFilter();
    await typeDate("开始日期", "2024-01-05");
    await search();
    expect(await screen.findByText("结束时间不能为空")).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it("refuses an end without a start", async () => {
    const { onApply } = renderFilter({ start: "", stop: "2024-01-05" });
    await search();
    expect(await screen.findByText("开始时间不能为空")).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it("refuses a start later than the end", async () => {
    const { onApply } = renderFilter({ start: "2024-02-01", stop: "2024-01-05" });
    await search();
    expect(await screen.findByText("开始时间不能晚于结束时间")).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it("applies a typed range that keeps the rules", async () => {
    const { onApply } = renderFilter();
    await typeDate("开始日期", "2024-01-05");
    await typeDate("结束日期", "2024-01-05");
    await search();
    expect(onApply).toHaveBeenCalledWith({ start: "2024-01-05", stop: "2024-01-05" });
  });
});

describe("the date rules of a range end", () => {
  it.each([
    [{ start: "2024-06-16", stop: "2024-06-16" }, "start", "日期不能晚于今天"],
    [{ start: "2024-02-30", stop: "2024-03-01" }, "start", "日期不存在"],
    [{ start: "2024-01-01", stop: "2024/03/01" }, "stop", "日期格式应为YYYY-MM-DD"],
    [{ start: "2024-06-15", stop: "" }, "stop", "结束时间不能为空"],
  ] as const)("%o → %s: %s", (range, field, message) => {
    expect(findProblem(range, NOW)).toEqual({ field, message });
  });

  it("accepts today as both ends", () => {
    expect(findProblem({ start: "2024-06-15", stop: "2024-06-15" }, NOW)).toBeNull();
  });
});
