import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { useUserSession } from "../../../providers/session-context";
import { hasSignedInAccount } from "../../../providers/session-rules";
import { LoginPanel } from "../../login/login-panel";
import { SignedInCard } from "../../login/signed-in-card";

/**
 * /niceToSingLogin: the single sign-on landing that partner systems link to. An entry carrying u
 * and t is signed in by the navigation guard's user-info lookup; otherwise the visitor logs in here.
 * The public shell hides its floating tools and testing-centre line on this page (spec §2).
 */
export function SignOnLoginPage() {
  const user = useUserSession();
  return (
    <PublicPageLayout title="统一登录" lead="从合作系统进入衡证电子证据平台，请使用平台账号登录。">
      {hasSignedInAccount(user) ? <SignedInCard user={user} /> : <LoginPanel style={{ margin: "0 auto" }} />}
    </PublicPageLayout>
  );
}
