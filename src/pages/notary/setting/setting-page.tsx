import { Alert, Card, Skeleton, Space } from "antd";
import { useEndpointQuery } from "../../../providers/use-endpoint";
import type { SectionPageProps } from "../../../resources/derive";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../../schema/notary-console";
import { SectionPageFrame } from "../../kinds/section-page-frame";
import { OfficeProfileForm } from "./office-profile-form";
import { SealCard } from "./seal-card";
import { StaffCard } from "./staff-card";

/**
 * /info/notaryRequests/setting: the office's profile, fee and certificate template, its
 * electronic seal and its staff. The administrator changes them; other staff see them read-only.
 */
export default function SettingPage({ route }: SectionPageProps) {
  const { datas: setting, query } = useEndpointQuery(NOTARY_CONSOLE_ENDPOINTS.setting, {});
  let content;
  if (query.isLoading) content = <Skeleton active />;
  else if (query.error || !setting || !query.isSuccess) content = <Alert type="error" showIcon message={query.error?.message ?? "读取本处设置失败"} />;
  else {
    const refresh = () => void query.refetch();
    content = (
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {!setting.canEdit && <Alert type="info" showIcon message="本处设置和工作人员由本处管理员维护，您可以查看。" />}
        <Card title={`${setting.name} · 资料、公证费与公证书模板`} type="inner">
          <OfficeProfileForm setting={setting} onSaved={refresh} />
        </Card>
        <SealCard setting={setting} onIssued={refresh} />
        <StaffCard canEdit={setting.canEdit} />
      </Space>
    );
  }
  return <SectionPageFrame route={route}>{content}</SectionPageFrame>;
}
