import { Alert, Skeleton } from "antd";
import { useState } from "react";
import { usePersonalServices } from "../../../providers/personal-context";
import { useSessionStore } from "../../../providers/session-context";
import { mergeUserInfo } from "../../../providers/session-user-update";
import type { SectionPageProps } from "../../../resources/derive";
import { VerificationStatus } from "../../../schema/account";
import type { RealNameInfo } from "../../../schema/personal";
import { useEnvelope } from "../use-envelope";
import { RealNameForm } from "./real-name-form";
import { SecurityCenterPage } from "./security-center-page";
import { rejectedMessage, VerificationOutcome } from "./verification-outcome";

export const AUTHENTICATION_TEXT = {
  verified: "已完成实名认证",
  pending: "实名认证审核中",
} as const;

/** /personal/securityCenter/authentication: the personal real-name verification and its status. */
export function AuthenticationPage({ route }: SectionPageProps) {
  const { personal } = usePersonalServices();
  const sessionStore = useSessionStore();
  const info = useEnvelope(() => personal.getRealNameInfo());
  const [failure, setFailure] = useState<string | null>(null);

  function submitted(next: RealNameInfo) {
    setFailure(null);
    info.setData(next);
    mergeUserInfo(sessionStore, { realNameStatus: next.status });
  }

  return (
    <SecurityCenterPage route={route}>
      {(info.message ?? failure) && <Alert type="error" showIcon message={info.message ?? failure} style={{ marginBottom: 16 }} />}
      {!info.data ? info.isLoading && <Skeleton active /> : <RealNameStatus info={info.data} onSubmitted={submitted} onFailed={setFailure} />}
    </SecurityCenterPage>
  );
}

function RealNameStatus({ info, onSubmitted, onFailed }: { info: RealNameInfo; onSubmitted: (next: RealNameInfo) => void; onFailed: (message: string) => void }) {
  if (info.status === VerificationStatus.verified || info.status === VerificationStatus.pending) {
    const isVerified = info.status === VerificationStatus.verified;
    return (
      <VerificationOutcome
        status={info.status}
        title={isVerified ? AUTHENTICATION_TEXT.verified : AUTHENTICATION_TEXT.pending}
        rows={[
          { label: "真实姓名", value: info.realName },
          { label: "身份证号码", value: info.idNumberMasked },
          { label: "提交时间", value: info.submitTime },
          ...(isVerified ? [{ label: "认证时间", value: info.decideTime }] : []),
        ]}
      />
    );
  }
  return (
    <>
      {info.status === VerificationStatus.rejected && (
        <Alert type="warning" showIcon message={rejectedMessage("实名认证", info.rejectReason)} style={{ marginBottom: 16 }} />
      )}
      <RealNameForm onSubmitted={onSubmitted} onFailed={onFailed} />
    </>
  );
}
