import PhoneOutlined from "@ant-design/icons-svg/es/asn/PhoneOutlined";
import QuestionCircleOutlined from "@ant-design/icons-svg/es/asn/QuestionCircleOutlined";
import { Link } from "react-router";
import { LightIcon } from "../light/light-icon";
import { LightTag } from "../light/light-tag";
import { navItem } from "./public-nav-items";
import { CONSULT_TEXT, PUBLIC_SHELL_TEXT } from "./public-shell-text";

/**
 * What 在线咨询 opens: where help actually is (the help centre, the hotline). There is no chat
 * service behind this platform, and the panel says so instead of imitating one.
 */
export function ConsultPanel() {
  return (
    <div className="hz-consult">
      <strong>{CONSULT_TEXT.title}</strong>
      <p className="hz-consult__note">{CONSULT_TEXT.noChat}</p>
      <div className="hz-consult__ways">
        <div>
          <span className="hz-consult__way">
            <LightIcon icon={QuestionCircleOutlined} />
            {CONSULT_TEXT.helpCentre}
          </span>
          <div className="hz-consult__action">
            <Link to={navItem("helpCenter").path}>{CONSULT_TEXT.goHelpCentre}</Link>
          </div>
        </div>
        <div>
          <span className="hz-consult__way">
            <LightIcon icon={PhoneOutlined} />
            {CONSULT_TEXT.hotline}
          </span>
          <div className="hz-consult__action">
            <HotlineNumber />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The placeholder hotline, always with its 示例 mark (spec §9 does not give the number). */
export function HotlineNumber({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <span title={PUBLIC_SHELL_TEXT.hotlineNote} className={`hz-hotline hz-hotline--${tone}`}>
      <span className="hz-hotline__number">{PUBLIC_SHELL_TEXT.hotlineNumber}</span>
      <LightTag color="orange">{PUBLIC_SHELL_TEXT.hotlineSample}</LightTag>
    </span>
  );
}
