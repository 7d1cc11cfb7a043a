import { CustomerServiceOutlined, MobileOutlined, QrcodeOutlined, TabletOutlined } from "@ant-design/icons";
import { Popover } from "antd";
import type { ReactNode } from "react";
import { ConsultPanel } from "./consult-panel";
import { CONSULT_TEXT } from "./public-shell-text";
import { QrCodeCard } from "./qr-code-card";
import { QR_CODE_TARGETS } from "./qr-code-targets";

/** The column of round buttons on the right edge (spec §2); each opens its panel beside it. */
export function FloatingTools() {
  return (
    <aside aria-label="悬浮工具" className="hz-floating-tools">
      <FloatingButton label={CONSULT_TEXT.button} icon={<CustomerServiceOutlined />} panel={<ConsultPanel />} />
      <FloatingButton label={QR_CODE_TARGETS.app.button} icon={<MobileOutlined />} panel={<QrCodeCard target={QR_CODE_TARGETS.app} />} />
      <FloatingButton
        label={QR_CODE_TARGETS.publicAccount.button}
        icon={<QrcodeOutlined />}
        panel={<QrCodeCard target={QR_CODE_TARGETS.publicAccount} />}
      />
      <FloatingButton label={QR_CODE_TARGETS.phone.button} icon={<TabletOutlined />} panel={<QrCodeCard target={QR_CODE_TARGETS.phone} />} />
    </aside>
  );
}

function FloatingButton({ label, icon, panel }: { label: string; icon: ReactNode; panel: ReactNode }) {
  return (
    <Popover content={panel} placement="left" trigger={["hover", "click"]} arrow>
      <button type="button" className="hz-floating-button" aria-label={label}>
        <span className="hz-floating-button__icon">{icon}</span>
        <span className="hz-floating-button__label">{shortLabel(label)}</span>
      </button>
    </Popover>
  );
}

/** Under the icon there is room for about four characters: "App 二维码" reads as "App". */
function shortLabel(label: string): string {
  return label.replace(/二维码$/, "").trim() || label;
}
