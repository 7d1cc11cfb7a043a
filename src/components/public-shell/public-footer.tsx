import MobileOutlined from "@ant-design/icons-svg/es/asn/MobileOutlined";
import QrcodeOutlined from "@ant-design/icons-svg/es/asn/QrcodeOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/es/types";
import { Link, useLocation } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { legalDocumentTitle } from "../../pages/user/legal/legal-documents";
import { PLATFORM_NAME } from "../../schema/constants";
import { LightIcon } from "../light/light-icon";
import { LightPopover } from "../light/light-popover";
import { HotlineNumber } from "./consult-panel";
import { navItem, type PublicNavKey } from "./public-nav-items";
import { shouldShowTestingCentreLine } from "./public-shell-rules";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";
import { QrCodeCard } from "./qr-code-card";
import { QR_CODE_TARGETS, type QrCodeTarget } from "./qr-code-targets";

// On the dark footer the mark stands alone beside the name in white; the full logo's wordmark is dark.
const BRAND_MARK_URL = "/assets/images/brand/mark.svg";

const NAV_COLUMNS: { title: string; keys: PublicNavKey[] }[] = [
  { title: "产品与服务", keys: ["product", "openPlatform", "validateQuery", "extractLogin", "bigData"] },
  { title: "司法与资讯", keys: ["blockChain", "internetCourt", "legalAI", "activityProduct", "helpCenter"] },
];

const ABOUT_LINKS = [
  { label: navItem("about").label, path: navItem("about").path },
  { label: legalDocumentTitle(APP_PATHS.agreement), path: APP_PATHS.agreement },
  { label: legalDocumentTitle(APP_PATHS.privacyAgreement), path: APP_PATHS.privacyAgreement },
];

/** The public footer: product and legal links, the hotline, the QR codes and the record lines (spec §2). */
export function PublicFooter() {
  const { pathname } = useLocation();
  return (
    <footer className="hz-footer">
      <div className="hz-footer__inner">
        <div className="hz-footer__brand">
          <div className="hz-footer__logo">
            <img src={BRAND_MARK_URL} alt="" width={32} height={32} />
            <span>{PLATFORM_NAME}</span>
          </div>
          <p>取证、存证、出证、核验一站完成，证据写入公开可审计的透明账本。</p>
          <div className="hz-footer__hotline">
            <span>{PUBLIC_SHELL_TEXT.hotlineLabel}</span>
            <HotlineNumber tone="dark" />
          </div>
        </div>
        {NAV_COLUMNS.map((column) => (
          <FooterColumn key={column.title} title={column.title} links={column.keys.map((key) => navItem(key))} />
        ))}
        <FooterColumn title="关于与协议" links={ABOUT_LINKS} />
        <div className="hz-footer__column">
          <h3>移动端</h3>
          <FooterQr label={QR_CODE_TARGETS.app.title} icon={MobileOutlined} target={QR_CODE_TARGETS.app} />
          <FooterQr label={QR_CODE_TARGETS.publicAccount.title} icon={QrcodeOutlined} target={QR_CODE_TARGETS.publicAccount} />
        </div>
      </div>
      <div className="hz-footer__legal">
        <p>
          {PUBLIC_SHELL_TEXT.copyright} · {PUBLIC_SHELL_TEXT.recordLine}
        </p>
        {shouldShowTestingCentreLine(pathname) && <p>{PUBLIC_SHELL_TEXT.testingCentreLine}</p>}
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: { label: string; path: string }[] }) {
  return (
    <nav className="hz-footer__column" aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FooterQr({ label, icon, target }: { label: string; icon: IconDefinition; target: QrCodeTarget }) {
  return (
    <LightPopover content={<QrCodeCard target={target} />} placement="top">
      <button type="button" className="hz-footer__qr-button">
        <LightIcon icon={icon} /> {label}
      </button>
    </LightPopover>
  );
}
