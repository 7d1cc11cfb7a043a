import { Card, Typography } from "antd";
import type { ReactNode } from "react";
import { AccountPageShell } from "./account-page-shell";

const WIDTHS = { form: 440, document: 880, wide: 1240 } as const;

/** A titled card in the shell: a form (narrow), a document, or a workspace with tables (wide). */
export function AccountPageLayout({ title, width = "form", children }: { title: string; width?: keyof typeof WIDTHS; children: ReactNode }) {
  return (
    <AccountPageShell title={title}>
      <Card style={{ maxWidth: WIDTHS[width], margin: "0 auto" }}>
        <Typography.Title level={width === "form" ? 3 : 2} style={{ marginTop: 0, textAlign: width === "form" ? "center" : "left" }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </AccountPageShell>
  );
}
