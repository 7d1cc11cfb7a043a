import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "../../src/pages/error/error-page";

describe("error page", () => {
  it("says in Chinese that the page does not exist and links home", () => {
    render(
      <MemoryRouter initialEntries={["/no-such-page"]}>
        <ErrorPage />
      </MemoryRouter>,
    );
    expect(screen.getByText("404")).toBeInTheDocument();
    expect(screen.getByText("抱歉，您访问的页面不存在或已被移除。")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", "/index");
  });
});
