import ApartmentOutlined from "@ant-design/icons-svg/es/asn/ApartmentOutlined";
import AuditOutlined from "@ant-design/icons-svg/es/asn/AuditOutlined";
import CloudDownloadOutlined from "@ant-design/icons-svg/es/asn/CloudDownloadOutlined";
import EyeOutlined from "@ant-design/icons-svg/es/asn/EyeOutlined";
import FieldBinaryOutlined from "@ant-design/icons-svg/es/asn/FieldBinaryOutlined";
import SafetyOutlined from "@ant-design/icons-svg/es/asn/SafetyOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/es/types";
import { LightIcon } from "../../components/light/light-icon";
import { HomeSection } from "./home-section";
import "./product-advantages.css";

/**
 * What the platform actually does (DESIGN.md §1, §6), said plainly: no figures, because there are
 * none yet to state honestly.
 */
interface Advantage {
  icon: IconDefinition;
  title: string;
  text: string;
  basis: string;
}

const ADVANTAGES: readonly Advantage[] = [
  {
    icon: ApartmentOutlined,
    title: "公开可审计的 Merkle 账本",
    text: "存证条目按 Merkle 树只增不改地写入账本，任何人都可以取得包含证明和一致性证明，自行确认记录没有被删改。",
    basis: "RFC 6962 / RFC 9162",
  },
  {
    icon: SafetyOutlined,
    title: "签名的检查点",
    text: "每个区块以平台 Ed25519 密钥签名的检查点收尾；平台不会签发与先前检查点不一致的账本状态。",
    basis: "Ed25519 · C2SP 检查点格式",
  },
  {
    icon: FieldBinaryOutlined,
    title: "SHA-256 与 SM3 双摘要",
    text: "每份材料同时计算国际通用的 SHA-256 和国密 SM3 摘要，两种算法相互印证。",
    basis: "FIPS 180-4 · GB/T 32905",
  },
  {
    icon: CloudDownloadOutlined,
    title: "离线验证",
    text: "证书、原文件与平台公钥齐备即可在本机重算摘要、推导树根、校验签名，不必依赖平台在线服务。",
    basis: "公开的算法与数据格式",
  },
  {
    icon: AuditOutlined,
    title: "公证审核",
    text: "存证材料可以提交公证处，公证员在专用控制台审阅材料、要求补充，审核通过后出具公证文书。",
    basis: "公证处专用入口",
  },
  {
    icon: EyeOutlined,
    title: "全网监测",
    text: "对网页、图片、音视频、电商和商标设置监测任务，发现疑似侵权内容后可直接转入取证。",
    basis: "监测结果可一键取证",
  },
];

/** The product-advantage section of spec §1. */
export function ProductAdvantages() {
  return (
    <HomeSection title="产品优势" subtitle="可信不靠承诺：每一步都能由第三方独立核验">
      <div className="hz-advantages">
        {ADVANTAGES.map(({ icon, title, text, basis }) => (
          <article key={title} className="hz-advantage">
            <span className="hz-advantage__icon">
              <LightIcon icon={icon} />
            </span>
            <h3>{title}</h3>
            <p>{text}</p>
            <span className="hz-advantage__basis">{basis}</span>
          </article>
        ))}
      </div>
    </HomeSection>
  );
}
