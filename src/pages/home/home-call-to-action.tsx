import MobileOutlined from "@ant-design/icons-svg/es/asn/MobileOutlined";
import QrcodeOutlined from "@ant-design/icons-svg/es/asn/QrcodeOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/es/types";
import { Suspense } from "react";
import { APP_PATHS } from "../../app/path-rules";
import { LightLinkButton } from "../../components/light/light-button";
import { LightIcon } from "../../components/light/light-icon";
import { LightPopover } from "../../components/light/light-popover";
import { navItem } from "../../components/public-shell/public-nav-items";
import { QrCodeCard } from "../../components/public-shell/qr-code-card";
import { QR_CODE_TARGETS, type QrCodeTarget } from "../../components/public-shell/qr-code-targets";
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
            <LightLinkButton size="large" shape="round" to={APP_PATHS.register}>
              免费注册
            </LightLinkButton>
          )}
          <LightLinkButton size="large" shape="round" ghost to={navItem("validateQuery").path}>
            查询验证
          </LightLinkButton>
          <QrPopup target={QR_CODE_TARGETS.app} icon={MobileOutlined} />
          <QrPopup target={QR_CODE_TARGETS.publicAccount} icon={QrcodeOutlined} />
        </div>
      </div>
    </section>
  );
}

/** The registry's link, which a visitor's page never loads. */
function WorkspaceButton() {
  const links = useAppLinks();
  return (
    <LightLinkButton size="large" shape="round" to={links.operationPanel}>
      进入工作台
    </LightLinkButton>
  );
}

function QrPopup({ target, icon }: { target: QrCodeTarget; icon: IconDefinition }) {
  return (
    <LightPopover content={<QrCodeCard target={target} />} placement="top">
      <button type="button" className="hz-cta__qr">
        <LightIcon icon={icon} />
        <span>{target.title}</span>
      </button>
    </LightPopover>
  );
}
