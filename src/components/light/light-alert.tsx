import CheckCircleFilled from "@ant-design/icons-svg/es/asn/CheckCircleFilled";
import CloseCircleFilled from "@ant-design/icons-svg/es/asn/CloseCircleFilled";
import ExclamationCircleFilled from "@ant-design/icons-svg/es/asn/ExclamationCircleFilled";
import InfoCircleFilled from "@ant-design/icons-svg/es/asn/InfoCircleFilled";
import type { CSSProperties, ReactNode } from "react";
import { classNames } from "./class-names";
import { LightIcon } from "./light-icon";
import "./light.css";

const ICONS = { success: CheckCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };

/** A message band in antd's Alert look; errors and warnings are announced (role="alert"). */
export function LightAlert({ type = "info", message, description, showIcon = true, style }: { type?: keyof typeof ICONS; message: ReactNode; description?: ReactNode; showIcon?: boolean; style?: CSSProperties }) {
  return (
    <div
      role={type === "error" || type === "warning" ? "alert" : "status"}
      className={classNames("hz-l-alert", `hz-l-alert--${type}`, description !== undefined && "hz-l-alert--with-description")}
      style={style}
    >
      {showIcon && <LightIcon icon={ICONS[type]} className="hz-l-alert__icon" />}
      <div>
        <div className="hz-l-alert__message">{message}</div>
        {description !== undefined && <div>{description}</div>}
      </div>
    </div>
  );
}
