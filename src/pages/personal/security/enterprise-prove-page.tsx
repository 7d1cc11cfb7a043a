import { Alert, Image, Skeleton } from "antd";
import { useState } from "react";
import { usePersonalServices } from "../../../providers/personal-context";
import { useSessionStore } from "../../../providers/session-context";
import { mergeUserInfo } from "../../../providers/session-user-update";
import type { SectionPageProps } from "../../../resources/derive";
import { VerificationStatus } from "../../../schema/account";
import { institutionTypeName } from "../../../schema/lists";
import { CERTIFICATE_KINDS, type EnterpriseInfo } from "../../../schema/personal";
import { useEnvelope } from "../use-envelope";
import { EnterpriseForm } from "./enterprise-form";
import { SecurityCenterPage } from "./security-center-page";
import { rejectedMessage, VerificationOutcome } from "./verification-outcome";

/** /personal/securityCenter/enterpriseProve: organisation verification and its status. */
export function EnterpriseProvePage({ route }: SectionPageProps) {
  const { personal } = usePersonalServices();
  const sessionStore = useSessionStore();
  const info = useEnvelope(() => personal.getEnterpriseInfo());
  const [failure, setFailure] = useState<string | null>(null);

  function submitted(next: EnterpriseInfo) {
    setFailure(null);
    info.setData(next);
    mergeUserInfo(sessionStore, { enterpriseStatus: next.status });
  }

  const data = info.data;
  const isDecidedOrWaiting = data && (data.status === VerificationStatus.verified || data.status === VerificationStatus.pending);
  return (
    <SecurityCenterPage route={route}>
      {(info.message ?? failure) && <Alert type="error" showIcon message={info.message ?? failure} style={{ marginBottom: 16 }} />}
      {!data && info.isLoading && <Skeleton active />}
      {data && isDecidedOrWaiting && (
        <VerificationOutcome
          status={data.status}
          title={data.status === VerificationStatus.verified ? "已完成企业认证" : "企业认证审核中"}
          rows={[
            { label: "企业名称", value: data.enterpriseName },
            { label: "机构类型", value: data.institutionType ? institutionTypeName(data.institutionType) : null },
            { label: CERTIFICATE_KINDS.find((kind) => kind.id === data.certificateKind)?.name ?? "证件号码", value: data.certificateNumber },
            { label: "证照图片", value: data.applicationId ? <LicenceImage applicationId={data.applicationId} /> : null },
            { label: "提交时间", value: data.submitTime },
          ]}
        />
      )}
      {data && !isDecidedOrWaiting && (
        <>
          {data.status === VerificationStatus.rejected && (
            <Alert type="warning" showIcon message={rejectedMessage("企业认证", data.rejectReason)} style={{ marginBottom: 16 }} />
          )}
          <EnterpriseForm onSubmitted={submitted} onFailed={setFailure} />
        </>
      )}
    </SecurityCenterPage>
  );
}

/** The owner's own licence photo, fetched through the signed API (it is never public). */
function LicenceImage({ applicationId }: { applicationId: number }) {
  const { personal } = usePersonalServices();
  const image = useEnvelope(() => personal.getLicenceImage(applicationId));
  if (image.message) return <span>{image.message}</span>;
  return image.data ? <Image src={image.data.imageBase64} width={200} alt="证照图片" /> : null;
}
