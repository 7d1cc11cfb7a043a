import { Alert, Descriptions, Skeleton, Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { AccountPageLayout } from "../../components/account-page-layout";
import { RouterLinkButton } from "../../components/router-link-button";
import { useAppLinks } from "../../providers/app-links-context";
import { useUserSession } from "../../providers/session-context";
import { resolveDisplayName } from "../../providers/session-rules";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { VERIFIED_STATUS } from "../../schema/constants";
import { EXPERT_ENDPOINTS } from "../../schema/judicial-expert";
import { VERIFICATION_STATUS_TEXT } from "../../schema/personal";
import { ExpertWorkspace } from "./expert/expert-workspace";

export const JUDICIAL_STATUS_TEXT = {
  title: "司法鉴定通道",
  purpose:
    "司法鉴定通道面向与平台合作的司法鉴定机构及其鉴定人：委托方把平台上已存证的电子数据委托鉴定后，机构的鉴定人在这里查看委托证据及其存证证书与账本证明，报价、开始鉴定并上传鉴定意见书；意见书随即作为存证写入账本。",
  notExpert: "您的账号尚未加入司法鉴定机构",
  howToJoin:
    "司法鉴定机构与平台签订合作协议后，由平台运营人员在运营后台开设机构，并按手机号、邮箱或登录账号把鉴定人的账号加入机构；加入后使用同一账号登录即可在此办理本机构的鉴定委托。需要委托鉴定的用户请前往司法通道的“司法鉴定”。",
} as const;

/**
 * /judicialStatus: where a judicial expert lands from /index?source=judicialExpert&t=…&u=… (spec §2,
 * §6) once the u/t lookup has stored the user. It shows who is signed in; an institution's expert
 * then handles the institution's commissions here, and anybody else reads what the channel is for
 * and how an institution joins.
 */
export function JudicialStatusPage() {
  const links = useAppLinks();
  const user = useUserSession();
  const realNameStatus = user?.realNameStatus ?? 0;
  const isVerified = realNameStatus === VERIFIED_STATUS;
  const profile = useEndpointQuery(EXPERT_ENDPOINTS.profile, {}, { enabled: Boolean(user?.token), retry: false });
  const expert = profile.datas?.isExpert ? profile.datas : null;

  return (
    <AccountPageLayout title={JUDICIAL_STATUS_TEXT.title} width={expert ? "wide" : "document"}>
      <Descriptions column={1} bordered size="middle" style={{ marginBottom: 24 }}>
        <Descriptions.Item label="当前账号">{resolveDisplayName(user)}</Descriptions.Item>
        <Descriptions.Item label="实名认证">
          <Space>
            <Tag color={isVerified ? "success" : "default"}>{VERIFICATION_STATUS_TEXT[realNameStatus] ?? VERIFICATION_STATUS_TEXT[0]}</Tag>
            {!isVerified && <Link to={links.authentication}>实名认证很重要，去认证</Link>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {profile.query.isLoading ? (
        <Skeleton active />
      ) : expert ? (
        <ExpertWorkspace profile={expert} />
      ) : (
        <>
          <Typography.Paragraph>{JUDICIAL_STATUS_TEXT.purpose}</Typography.Paragraph>
          <Alert type="info" showIcon style={{ marginBottom: 24 }} message={JUDICIAL_STATUS_TEXT.notExpert} description={JUDICIAL_STATUS_TEXT.howToJoin} />
        </>
      )}
      <RouterLinkButton type={expert ? "default" : "primary"} to={links.operationPanel} style={{ marginTop: 24 }}>
        进入个人中心
      </RouterLinkButton>
    </AccountPageLayout>
  );
}
