import { Typography } from "antd";
import type { ReactNode } from "react";
import { AccountPageShell } from "../account-page-shell";

/**
 * The frame of the public information pages (/info, /Activity, legal AI, share pages): the logo
 * leading home, a page title (also the browser tab's), an optional lead paragraph, the content.
 */
export function PublicPageLayout({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <AccountPageShell title={title}>
      <div style={{ maxWidth: 1080, margin: "0 auto" }}>
        <header style={{ marginBottom: 24 }}>
          <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
            {title}
          </Typography.Title>
          {lead && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 860 }}>
              {lead}
            </Typography.Paragraph>
          )}
        </header>
        {children}
      </div>
    </AccountPageShell>
  );
}
