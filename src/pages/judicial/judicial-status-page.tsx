import { Alert, Descriptions, Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AccountPageLayout } from "../../components/account-page-layout";
import { RouterLinkButton } from "../../components/router-link-button";
import { useAppLinks } from "../../providers/app-links-context";
import { useUserSession } from "../../providers/session-context";
import { resolveDisplayName } from "../../providers/session-rules";
import { VERIFIED_STATUS } from "../../schema/constants";
import { VERIFICATION_STATUS_TEXT } from "../../schema/personal";

/**
 * /judicialStatus: where a judicial expert lands from /index?source=judicialExpert&t=…&u=… (spec §2,
 * §6) once the u/t lookup has stored the user. It shows who is signed in and says plainly what the
 * judicial-expert channel will offer, since the appraisal workflow itself is not built yet.
 */
export function JudicialStatusPage() {
  const links = useAppLinks();
  const user = useUserSession();
  const realNameStatus = user?.realNameStatus ?? 0;
  const isVerified = realNameStatus === VERIFIED_STATUS;

  return (
    <AccountPageLayout title="司法鉴定通道" width="document">
      <Descriptions column={1} bordered size="middle" style={{ marginBottom: 24 }}>
        <Descriptions.Item label="当前账号">{resolveDisplayName(user)}</Descriptions.Item>
        <Descriptions.Item label="实名认证">
          <Space>
            <Tag color={isVerified ? "success" : "default"}>{VERIFICATION_STATUS_TEXT[realNameStatus] ?? VERIFICATION_STATUS_TEXT[0]}</Tag>
            {!isVerified && <Link to={links.authentication}>实名认证很重要，去认证</Link>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph>
        司法鉴定通道开放后，将面向司法鉴定机构与鉴定人员：委托方可以把平台上已存证的电子数据提交鉴定，鉴定人员可在线查看证据内容、核验其哈希值与存证记录，并出具鉴定意见。
      </Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        message="司法鉴定的委托、查看与出具意见功能尚在建设中"
        description="目前您已通过司法鉴定入口登录，可以先在个人中心完成实名认证、查看账户信息；鉴定功能开放后将在此页面提供入口。"
      />
      <RouterLinkButton type="primary" to={links.operationPanel}>
        进入个人中心
      </RouterLinkButton>
    </AccountPageLayout>
  );
}
