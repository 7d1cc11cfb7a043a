import SafetyCertificateOutlined from "@ant-design/icons-svg/es/asn/SafetyCertificateOutlined";
import { Link } from "react-router";
import { LightAvatar } from "../../components/light/light-avatar";
import { LightLinkButton } from "../../components/light/light-button";
import { LightCard } from "../../components/light/light-card";
import { LightIcon } from "../../components/light/light-icon";
import { LightTag } from "../../components/light/light-tag";
import { useAppLinks } from "../../providers/app-links-context";
import { resolveDisplayName } from "../../providers/session-rules";
import type { UserSession } from "../../providers/session-store";
import { VERIFIED_STATUS } from "../../schema/constants";
import "./welcome-card.css";

/** What a signed-in user sees where visitors see the login panel: who they are and the way in (light kit, issue 20). */
export function WelcomeCard({ user }: { user: UserSession }) {
  const links = useAppLinks();
  const isVerified = user.realNameStatus === VERIFIED_STATUS;
  return (
    <LightCard style={{ boxShadow: "0 12px 32px rgba(11, 26, 51, 0.25)" }} bodyStyle={{ padding: 28 }}>
      <div className="hz-welcome">
        <div className="hz-welcome__who">
          <LightAvatar src={user.headPortraitPath || undefined} size={56} alt="头像" />
          <div>
            <span className="hz-welcome__secondary">您好，</span>
            <h4>{resolveDisplayName(user)}</h4>
          </div>
        </div>
        {isVerified ? (
          <div>
            <LightTag color="green">
              <LightIcon icon={SafetyCertificateOutlined} /> 已实名认证
            </LightTag>
          </div>
        ) : (
          <span className="hz-welcome__secondary">
            尚未完成实名认证，<Link to={links.authentication}>去认证</Link>
          </span>
        )}
        <LightLinkButton type="primary" size="large" block to={links.operationPanel}>
          进入工作台
        </LightLinkButton>
      </div>
    </LightCard>
  );
}
