import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { PaginationBar } from "../../src/components/pagination/pagination-bar";
import { useUrlPaging } from "../../src/components/pagination/use-url-paging";
import { AntdTestProvider } from "./antd-test-provider";
import { CurrentLocation } from "./refine-harness";

/** A list of `total` rows whose paging lives in the URL, as a page kind uses it. */
function PagedList({ total, sizes }: { total: number; sizes?: readonly number[] }) {
  const paging = useUrlPaging([], { sizes, defaultSize: sizes?.[0] });
  return (
    <>
      <p>
        第 {paging.pageNumber} 页，每页 {paging.pageSize} 条
      </p>
      <PaginationBar pageNumber={paging.pageNumber} pageSize={paging.pageSize} total={total} sizes={sizes} onChange={paging.setPaging} />
    </>
  );
}

function renderList(url: string, total = 95, sizes?: readonly number[]) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AntdTestProvider>
        <Routes>
          <Route path="/list" element={<PagedList total={total} sizes={sizes} />} />
        </Routes>
        <CurrentLocation />
      </AntdTestProvider>
    </MemoryRouter>,
  );
  return { query: () => new URLSearchParams(screen.getByLabelText("当前查询").textContent ?? "") };
}

const bar = () => screen.getByRole("navigation", { name: "分页" });

describe("pagination widget (spec §2, §5)", () => {
  it("reads the page from the URL and writes page number and size back to it", async () => {
    const view = renderList("/list?pageNumber=2&pageSize=10&keyword=abc");
    expect(screen.getByText("第 2 页，每页 10 条")).toBeInTheDocument();
    await userEvent.setup().click(within(bar()).getByTitle("3"));
    expect(screen.getByText("第 3 页，每页 10 条")).toBeInTheDocument();
    expect(view.query().get("pageNumber")).toBe("3");
    expect(view.query().get("pageSize")).toBe("10");
    expect(view.query().get("keyword")).toBe("abc");
  });

  it("goes to the first and the last page, each disabled where it already is", async () => {
    const view = renderList("/list?pageNumber=4");
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "尾页" }));
    expect(view.query().get("pageNumber")).toBe("10");
    expect(screen.getByRole("button", { name: "尾页" })).toBeDisabled();
    await u.click(screen.getByRole("button", { name: "首页" }));
    expect(view.query().get("pageNumber")).toBe("1");
    expect(screen.getByRole("button", { name: "首页" })).toBeDisabled();
  });

  it("shows ellipses between distant pages", () => {
    renderList("/list?pageNumber=5", 500);
    expect(within(bar()).getAllByText("•••").length).toBeGreaterThan(0);
  });

  it("jumps to a typed page and ignores, then clears, anything that is not a page (spec §5)", async () => {
    const view = renderList("/list");
    const u = userEvent.setup();
    const jump = screen.getByRole("textbox", { name: "跳转页码" });
    await u.type(jump, "7{Enter}");
    expect(view.query().get("pageNumber")).toBe("7");
    for (const bad of ["11", "0", "2.5", "abc", "-1"]) {
      await u.type(jump, `${bad}{Enter}`);
      expect(view.query().get("pageNumber"), bad).toBe("7");
      expect(jump).toHaveValue("");
    }
  });

  it("changes the page size from the spec's choices and starts again at page 1", async () => {
    const view = renderList("/list?pageNumber=3");
    const u = userEvent.setup();
    await u.click(screen.getByRole("combobox", { name: "每页条数" }));
    // antd renders each choice twice: an accessible hidden option carrying the value, and the visible text.
    const options = [...document.querySelectorAll(".ant-select-item-option-content")].map((option) => option.textContent);
    expect(options).toEqual(["10 条/页", "30 条/页", "50 条/页", "100 条/页", "150 条/页", "200 条/页"]);
    await u.click(screen.getByText("30 条/页", { selector: ".ant-select-item-option-content" }));
    expect(view.query().get("pageSize")).toBe("30");
    expect(view.query().get("pageNumber")).toBe("1");
  });

  it("ignores a page number in the URL that is not a positive integer", () => {
    renderList("/list?pageNumber=abc&pageSize=7");
    expect(screen.getByText("第 1 页，每页 10 条")).toBeInTheDocument();
  });

  it("with page size 4 hides the size choice and shows the total instead (spec §2)", () => {
    renderList("/list", 9, [4]);
    expect(screen.queryByRole("combobox", { name: "每页条数" })).not.toBeInTheDocument();
    expect(within(bar()).getByText("共 9 条")).toBeInTheDocument();
  });

  it("shows no pagination for an empty list", () => {
    renderList("/list", 0);
    expect(screen.queryByRole("navigation", { name: "分页" })).not.toBeInTheDocument();
  });
});
