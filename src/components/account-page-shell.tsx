import { Layout } from "antd";
import type { ReactNode } from "react";
import { BrandLogo } from "./brand-logo";
import { PAGE_BACKGROUND, PublicShellPageFrame } from "./public-page/public-shell-page-frame";
import { useDocumentTitle } from "./public-page/use-document-title";
import { useIsInsidePublicShell } from "./public-shell/public-shell-context";

/** The frame of /login and the /user pages: the logo leading back home, the content centred; `title` names the browser tab. */
export function AccountPageShell({ title, children }: { title: string; children: ReactNode }) {
  // Inside the public shell (the /info pages) its header and footer already frame the page.
  if (useIsInsidePublicShell()) return <PublicShellPageFrame title={title}>{children}</PublicShellPageFrame>;
  return <AccountPageLayout title={title}>{children}</AccountPageLayout>;
}

/** The frame of its own: header with the logo, the content, the footer. */
export function AccountPageLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Layout style={{ minHeight: "100vh", background: PAGE_BACKGROUND }}>
      <Layout.Header style={{ display: "flex", alignItems: "center", background: "#fff", boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)" }}>
        <BrandLogo linkHome />
      </Layout.Header>
      <Layout.Content style={{ padding: "40px 16px" }}>{children}</Layout.Content>
      <Layout.Footer style={{ textAlign: "center", color: "#8c8c8c" }}>衡证电子证据平台 · 问题与反馈请通过帮助中心联系我们</Layout.Footer>
    </Layout>
  );
}
