import { HomeSection } from "./home-section";
import { PartnerLogo } from "./partner-logo";
import { PARTNER_MARKS } from "./partner-marks";
import "./partner-wall.css";

export const PARTNER_WALL_TITLE = "合作伙伴展示位（示意）";

/**
 * The partner-logo wall of spec §1: 64 places. There are no partners to name here, so every place
 * shows a generated placeholder and the title says that it is one.
 */
export function PartnerWall() {
  return (
    <HomeSection title={PARTNER_WALL_TITLE} subtitle="以下标识均为程序生成的示意图形与虚构名称，不代表任何真实机构；正式部署时替换为经授权展示的合作伙伴标识">
      <ul className="hz-partner-wall" aria-label={PARTNER_WALL_TITLE}>
        {PARTNER_MARKS.map((mark) => (
          <li key={mark.name}>
            <PartnerLogo mark={mark} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
