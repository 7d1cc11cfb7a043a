import { Typography } from "antd";
import { Navigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { AccountPageLayout } from "../../components/account-page-layout";
import { useNotarySession } from "../../providers/session-context";
import { isNotarySessionActive } from "../../providers/session-rules";
import { NotaryLoginForm } from "./notary-login-form";

/** /info/notaryOfficeLogin: the notary offices' own sign-in (spec §2, §6), apart from the users' login. */
export function NotaryLoginPage() {
  const notary = useNotarySession();
  // A staff member still signed in goes straight on to the console.
  if (isNotarySessionActive(notary, Date.now())) return <Navigate to={APP_PATHS.notaryRequestList} replace />;

  return (
    <AccountPageLayout title="公证处登录">
      <Typography.Paragraph type="secondary" style={{ textAlign: "center", marginTop: -8 }}>
        公证处工作人员专用入口，账号由平台为公证处开通
      </Typography.Paragraph>
      <NotaryLoginForm />
    </AccountPageLayout>
  );
}
