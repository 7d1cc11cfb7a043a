import { Space } from "antd";
import { Link, useLocation } from "react-router";
import { useUserSession } from "../../providers/session-context";
import { isSubAccount } from "../../providers/session-rules";
import { findMainSection, mainNavigation } from "../../resources/derive";
import type { Registry } from "../../resources/types";

/** The main navigation of the logged-in header (spec §2): the main sections but the personal centre. */
export function MainNav({ registry }: { registry: Registry }) {
  const user = useUserSession();
  const { pathname } = useLocation();
  const current = findMainSection(registry, pathname)?.key;
  return (
    <nav aria-label="主导航">
      <Space size={4} wrap={false}>
        {mainNavigation(registry, { isSubAccount: isSubAccount(user) }).map((item) => {
          const isCurrent = item.key === current;
          return (
            <Link
              key={item.key}
              to={item.to}
              aria-current={isCurrent ? "page" : undefined}
              style={{
                display: "inline-block",
                padding: "0 12px",
                lineHeight: "62px",
                whiteSpace: "nowrap",
                color: isCurrent ? "#1677ff" : "rgba(0, 0, 0, 0.88)",
                borderBottom: `2px solid ${isCurrent ? "#1677ff" : "transparent"}`,
              }}
            >
              {item.label}
            </Link>
          );
        })}
      </Space>
    </nav>
  );
}
