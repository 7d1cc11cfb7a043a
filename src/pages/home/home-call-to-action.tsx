import { MobileOutlined, QrcodeOutlined } from "@ant-design/icons";
import { Popover } from "antd";
import { Suspense, type ReactNode } from "react";
import { APP_PATHS } from "../../app/path-rules";
import { navItem } from "../../components/public-shell/public-nav-items";
import { QrCodeCard } from "../../components/public-shell/qr-code-card";
import { QR_CODE_TARGETS, type QrCodeTarget } from "../../components/public-shell/qr-code-targets";
import { RouterLinkButton } from "../../components/router-link-button";
import { useAppLinks } from "../../providers/app-links-context";
import { useUserSession } from "../../providers/session-context";
import { hasSignedInAccount } from "../../providers/session-rules";
import "./home-call-to-action.css";

/** The closing band: where to start, and the app and public-account QR pop-ups (spec §1). */
export function HomeCallToAction() {
  const isSignedIn = hasSignedInAccount(useUserSession());
  return (
    <section aria-label="开始使用" className="hz-cta">
      <div className="hz-cta__inner">
        <div>
          <h2>让每一份电子证据都经得起核验</h2>
          <p>上传文件、截取网页或录制操作过程，几分钟内得到可独立核验的存证证书。</p>
        </div>
        <div className="hz-cta__actions">
          {isSignedIn ? (
            <Suspense fallback={null}>
              <WorkspaceButton />
            </Suspense>
          ) : (
            <RouterLinkButton size="large" shape="round" to={APP_PATHS.register}>
              免费注册
            </RouterLinkButton>
          )}
          <RouterLinkButton size="large" shape="round" ghost to={navItem("validateQuery").path}>
            查询验证
          </RouterLinkButton>
          <QrPopup target={QR_CODE_TARGETS.app} icon={<MobileOutlined />} />
          <QrPopup target={QR_CODE_TARGETS.publicAccount} icon={<QrcodeOutlined />} />
        </div>
      </div>
    </section>
  );
}

/** The registry's link, which a visitor's page never loads. */
function WorkspaceButton() {
  const links = useAppLinks();
  return (
    <RouterLinkButton size="large" shape="round" to={links.operationPanel}>
      进入工作台
    </RouterLinkButton>
  );
}

function QrPopup({ target, icon }: { target: QrCodeTarget; icon: ReactNode }) {
  return (
    <Popover content={<QrCodeCard target={target} />} placement="top" trigger={["hover", "click"]}>
      <button type="button" className="hz-cta__qr">
        {icon}
        <span>{target.title}</span>
      </button>
    </Popover>
  );
}
