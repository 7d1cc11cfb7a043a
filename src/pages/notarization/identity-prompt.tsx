import { Alert } from "antd";
import { Link } from "react-router";
import { REAL_NAME_PROMPT } from "../../components/shell/identity-panel";
import { useAppLinks } from "../../providers/app-links-context";
import { isSubAccount } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";
import { VERIFIED_STATUS } from "../../schema/constants";
import { NOTARIZATION_MESSAGES, type ApplicantType } from "../../schema/notarization";

/**
 * A message about the applicant's identity, with the way to fix it as a link: spec §6's
 * "实名认证很重要，去认证" to the real-name page, 去认证 to the enterprise verification.
 */
export function IdentityMessage({ message }: { message: string }) {
  const links = useAppLinks();
  if (message.endsWith(REAL_NAME_PROMPT)) {
    return (
      <>
        {message.slice(0, -REAL_NAME_PROMPT.length)}
        <Link to={links.authentication}>{REAL_NAME_PROMPT}</Link>
      </>
    );
  }
  if (message === NOTARIZATION_MESSAGES.enterpriseRequired) {
    return (
      <>
        {message}，<Link to={links.enterpriseProve}>去认证</Link>
      </>
    );
  }
  return <>{message}</>;
}

/** Why this account cannot apply as `type` yet (sub-account, identity not verified), or null. */
export function identityProblem(user: UserSession | null, type: ApplicantType | undefined): string | null {
  if (isSubAccount(user)) return NOTARIZATION_MESSAGES.subAccount;
  if (type === "person" && user?.realNameStatus !== VERIFIED_STATUS) return NOTARIZATION_MESSAGES.realNameRequired;
  if (type === "organisation" && user?.enterpriseStatus !== VERIFIED_STATUS) return NOTARIZATION_MESSAGES.enterpriseRequired;
  return null;
}

/** Under the applicant type: the name the application will carry, or what is missing first. */
export function IdentityPrompt({ user, type }: { user: UserSession | null; type: ApplicantType | undefined }) {
  const problem = identityProblem(user, type);
  if (problem) return <Alert type="warning" showIcon message={<IdentityMessage message={problem} />} />;
  if (!type) return null;
  const name = type === "person" ? user?.userRealName : user?.enterpriseName;
  return <Alert type="info" showIcon message={`申请人：${name ?? ""}（提交时以认证信息为准）`} />;
}
