import { Typography } from "antd";
import { Suspense } from "react";
import { AccountPageShell } from "../../components/account-page-shell";
import { useUserSession } from "../../providers/session-context";
import { hasSignedInAccount } from "../../providers/session-rules";
import { LoginPanel } from "./login-panel";
import { SignedInCard } from "./signed-in-card";

const LOGIN_PAGE_TITLE = "登录衡证电子证据平台";

/** /login: the login panel on its own page (spec §2), e.g. for links that carry ?redirect=. */
export function LoginPage() {
  const user = useUserSession();
  return (
    <AccountPageShell title={LOGIN_PAGE_TITLE}>
      <Typography.Title level={3} style={{ marginTop: 0, textAlign: "center" }}>
        {LOGIN_PAGE_TITLE}
      </Typography.Title>
      {hasSignedInAccount(user) ? (
        // The card links into the registry's pages, whose links load on demand.
        <Suspense fallback={null}>
          <SignedInCard user={user} />
        </Suspense>
      ) : (
        <LoginPanel style={{ margin: "0 auto" }} />
      )}
    </AccountPageShell>
  );
}
