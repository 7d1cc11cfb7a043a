import { Suspense, type ReactNode } from "react";
import { antdPart } from "../../app/antd-part";
import { useIsInsidePublicShell } from "../public-shell/public-shell-context";
import "./public-page.css";
import { PublicShellPageFrame } from "./public-shell-page-frame";

// Outside the public shell (the certificate views) the page has the account pages' frame, drawn with antd.
const AccountPageLayout = antdPart(() => import("../account-page-shell").then((module) => module.AccountPageLayout));

/**
 * The frame of the public information pages (/info, /Activity, legal AI, share pages): the logo
 * leading home, a page title (also the browser tab's), an optional lead paragraph, the content.
 * Inside the public shell it is plain elements, so a light page opens without antd (issue 20).
 */
export function PublicPageLayout({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const isInsideShell = useIsInsidePublicShell();
  const content = (
    <div style={{ maxWidth: 1080, margin: "0 auto" }}>
      <header style={{ marginBottom: 24 }}>
        <h1 className="hz-public-title">{title}</h1>
        {lead && <p className="hz-public-lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
  if (isInsideShell) return <PublicShellPageFrame title={title}>{content}</PublicShellPageFrame>;
  return (
    <Suspense fallback={null}>
      <AccountPageLayout title={title}>{content}</AccountPageLayout>
    </Suspense>
  );
}
