import CustomerServiceOutlined from "@ant-design/icons-svg/es/asn/CustomerServiceOutlined";
import MobileOutlined from "@ant-design/icons-svg/es/asn/MobileOutlined";
import QrcodeOutlined from "@ant-design/icons-svg/es/asn/QrcodeOutlined";
import TabletOutlined from "@ant-design/icons-svg/es/asn/TabletOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/es/types";
import type { ReactNode } from "react";
import { LightIcon } from "../light/light-icon";
import { LightPopover } from "../light/light-popover";
import { ConsultPanel } from "./consult-panel";
import { CONSULT_TEXT } from "./public-shell-text";
import { QrCodeCard } from "./qr-code-card";
import { QR_CODE_TARGETS } from "./qr-code-targets";

/** The column of round buttons on the right edge (spec §2); each opens its panel beside it. */
export function FloatingTools() {
  return (
    <aside aria-label="悬浮工具" className="hz-floating-tools">
      <FloatingButton label={CONSULT_TEXT.button} icon={CustomerServiceOutlined} panel={<ConsultPanel />} />
      <FloatingButton label={QR_CODE_TARGETS.app.button} icon={MobileOutlined} panel={<QrCodeCard target={QR_CODE_TARGETS.app} />} />
      <FloatingButton
        label={QR_CODE_TARGETS.publicAccount.button}
        icon={QrcodeOutlined}
        panel={<QrCodeCard target={QR_CODE_TARGETS.publicAccount} />}
      />
      <FloatingButton label={QR_CODE_TARGETS.phone.button} icon={TabletOutlined} panel={<QrCodeCard target={QR_CODE_TARGETS.phone} />} />
    </aside>
  );
}

function FloatingButton({ label, icon, panel }: { label: string; icon: IconDefinition; panel: ReactNode }) {
  return (
    <LightPopover content={panel} placement="left">
      <button type="button" className="hz-floating-button" aria-label={label}>
        <LightIcon icon={icon} className="hz-floating-button__icon" />
        <span className="hz-floating-button__label">{shortLabel(label)}</span>
      </button>
    </LightPopover>
  );
}

/** Under the icon there is room for about four characters: "App 二维码" reads as "App". */
function shortLabel(label: string): string {
  return label.replace(/二维码$/, "").trim() || label;
}
