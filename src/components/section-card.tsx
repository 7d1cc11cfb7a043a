import { theme } from "antd";
import type { ReactNode } from "react";

/**
 * A titled section in the look of antd's bordered Card (its border, radius, 56 px head, 24 px
 * body, from the same theme tokens), for the visitor's pages: antd's Card imports Tabs, its menu
 * and dropdown for a tab list these pages never show (issue 20).
 */
export function SectionCard({ id, title, children }: { id?: string; title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section id={id} style={{ background: token.colorBgContainer, border: line, borderRadius: token.borderRadiusLG }}>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          minHeight: 56,
          marginBottom: -1,
          padding: `0 ${token.paddingLG}px`,
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          fontSize: token.fontSizeLG,
          borderBottom: line,
        }}
      >
        {title}
      </div>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}
