import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ListFilterBar } from "../../src/components/list-filter/list-filter-bar";
import type { ListFilter } from "../../src/resources/types";
import { AntdTestProvider } from "./antd-test-provider";

/** 2024-06-15 12:00 in Shanghai. */
const NOW = () => Date.UTC(2024, 5, 15, 4);

const FILTERS: readonly ListFilter[] = [
  { kind: "select", field: "kind", label: "证据类型", placeholder: "全部类型", options: [{ value: "file", label: "文件存证" }] },
  { kind: "keyword", field: "keyName", label: "存证名称" },
  { kind: "dateRange", start: "startTime", stop: "endTime", label: "存证时间" },
];
const EMPTY = { kind: "", keyName: "", startTime: "", endTime: "" };

function renderBar(values: Record<string, string> = EMPTY) {
  const onApply = vi.fn();
  render(
    <AntdTestProvider>
      <ListFilterBar filters={FILTERS} values={values} onApply={onApply} now={NOW} />
    </AntdTestProvider>,
  );
  return { onApply, user: userEvent.setup(), name: screen.getByRole("searchbox", { name: "存证名称" }) };
}

describe("one list filter, one behaviour", () => {
  it.each([
    ["the 查询 button", (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "查询" }))],
    ["Enter in the name field", (user: ReturnType<typeof userEvent.setup>) => user.keyboard("{Enter}")],
    ["the name field's search icon", (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "按存证名称查询" }))],
  ])("%s filters by the typed name (trimmed), together with the other filters shown", async (_how, search) => {
    const { onApply, user, name } = renderBar({ ...EMPTY, kind: "file" });
    await user.type(name, "  采购合同 ");
    await search(user);
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith({ kind: "file", keyName: "采购合同", startTime: "", endTime: "" });
  });

  it("choosing an option applies the name typed beside it too", async () => {
    const { onApply, user, name } = renderBar();
    await user.type(name, "合同");
    await user.click(screen.getByRole("combobox", { name: "证据类型" }));
    await user.click(await screen.findByTitle("文件存证"));
    expect(onApply).toHaveBeenLastCalledWith({ kind: "file", keyName: "合同", startTime: "", endTime: "" });
  });

  it("clearing the name applies an empty name", async () => {
    const { onApply, user } = renderBar({ ...EMPTY, keyName: "合同" });
    expect(screen.getByRole("searchbox", { name: "存证名称" })).toHaveValue("合同");
    await user.click(screen.getByRole("button", { name: "清空存证名称" }));
    expect(onApply).toHaveBeenLastCalledWith(EMPTY);
  });

  it("a wrong date range stops the whole query and says why under the date", async () => {
    const { onApply, user, name } = renderBar({ ...EMPTY, startTime: "2024-02-01", endTime: "2024-01-05" });
    await user.type(name, "合同{Enter}");
    expect(await screen.findByText("开始时间不能晚于结束时间")).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it("shows values applied elsewhere (back and forward change the URL)", () => {
    const onApply = vi.fn();
    const view = (values: Record<string, string>) => (
      <AntdTestProvider>
        <ListFilterBar filters={FILTERS} values={values} onApply={onApply} now={NOW} />
      </AntdTestProvider>
    );
    const { rerender } = render(view(EMPTY));
    fireEvent.change(screen.getByRole("searchbox", { name: "存证名称" }), { target: { value: "草稿" } });
    rerender(view({ ...EMPTY, keyName: "发票" }));
    expect(screen.getByRole("searchbox", { name: "存证名称" })).toHaveValue("发票");
  });
});
