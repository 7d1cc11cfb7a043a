import { Space } from "antd";
import { RouterLinkButton } from "../../components/router-link-button";
import { pagePath } from "../../resources/derive";
import type { SectionRoute } from "../../resources/types";
import { sectionPage } from "./monitor-route";

/** Spec §2 lists these pages of every kind but not in the side navigation; the lists lead to them. */
const LINKED_PAGES = ["dataTask", "dataAnalysis", "monitorReport"] as const;

/** The section's task list, analysis and reports, from its other list pages. */
export function MonitorPageLinks({ route }: { route: SectionRoute }) {
  const pages = LINKED_PAGES.map((path) => sectionPage(route, path)).filter((page) => page !== undefined && page !== route.page);
  return (
    <Space wrap>
      {pages.map((page) => (
        <RouterLinkButton key={page!.path} to={pagePath(route, page!)}>
          {page!.title}
        </RouterLinkButton>
      ))}
    </Space>
  );
}
