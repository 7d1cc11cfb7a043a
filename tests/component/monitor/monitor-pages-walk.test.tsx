import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SectionRouteElement } from "../../../src/pages/kinds/section-route-element";
import { BILLING_ENDPOINTS } from "../../../src/schema/billing";
import { MONITOR_ENDPOINTS } from "../../../src/schema/monitor";
import { ok } from "../account-harness";
import { renderPersonal } from "../personal-harness";
import { account, hitDetail, MONITOR_ROUTES, pageOf, SLOW, taskRow, work } from "./monitor-fixtures";

/** Every page of /monitor in the registry is open (issue 18): none shows the "not open yet" notice. */

const M = MONITOR_ENDPOINTS;
const SCRIPT = {
  [M.account.path]: ok(account()),
  [M.works.path]: ok([work()]),
  [M.tasks.path]: pageOf([taskRow()]),
  [M.hits.path]: pageOf([]),
  [M.hit.path]: ok(hitDetail()),
  [M.reports.path]: pageOf([]),
  [M.chart.path]: ok({ categories: [], series: [] }),
  [BILLING_ENDPOINTS.getBalance.path]: ok({ list: { balance: "5000.00", balanceFen: 500_000 } }),
  [BILLING_ENDPOINTS.accountStatus.path]: ok(),
};

beforeAll(
  () =>
    Promise.all([
      import("../../../src/pages/kinds/data-list-page"),
      import("../../../src/pages/kinds/certificate-page"),
      import("../../../src/pages/kinds/guidance-page"),
      import("../../../src/pages/kinds/data-chart-page"),
      import("../../../src/pages/monitor/task-new-page"),
    ]),
  60_000,
);
afterEach(cleanup);

describe("the /monitor pages of the registry", () => {
  it.each(MONITOR_ROUTES.map((route) => [route.path, route] as const))("%s shows its service, not the notice that it is not open", async (_path, route) => {
    // Record pages name their record, task results their task.
    const search = route.page.kind === "certificate" || route.page.path === "dataResults" ? "?id=71" : "";
    renderPersonal({ path: route.path + search, element: <SectionRouteElement route={route} />, script: SCRIPT });
    expect(await screen.findByRole("heading", { name: route.page.title, level: 4 }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText("此功能将在后续版本开放")).not.toBeInTheDocument();
  }, 30_000);
});
