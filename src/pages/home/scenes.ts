import AuditOutlined from "@ant-design/icons-svg/es/asn/AuditOutlined";
import CameraOutlined from "@ant-design/icons-svg/es/asn/CameraOutlined";
import CopyrightOutlined from "@ant-design/icons-svg/es/asn/CopyrightOutlined";
import DatabaseOutlined from "@ant-design/icons-svg/es/asn/DatabaseOutlined";
import SafetyCertificateOutlined from "@ant-design/icons-svg/es/asn/SafetyCertificateOutlined";
import ShopOutlined from "@ant-design/icons-svg/es/asn/ShopOutlined";
import TagsOutlined from "@ant-design/icons-svg/es/asn/TagsOutlined";
import TransactionOutlined from "@ant-design/icons-svg/es/asn/TransactionOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/es/types";

/** The eight scenarios the home page advertises (spec §1), in the wheel's order, with our own short descriptions. */
export interface Scene {
  name: string;
  icon: IconDefinition;
  description: string;
  practices: [string, string, string];
}

export const SCENES: readonly Scene[] = [
  {
    name: "知识产权保护",
    icon: SafetyCertificateOutlined,
    description: "设计稿、技术方案、源代码等创作成果在完成时即可存证，用摘要和账本时间证明“这份内容在那一刻已经存在”。",
    practices: ["创作过程分阶段存证", "权属争议时出示存证证书", "证书可交由法院或对方独立核验"],
  },
  {
    name: "版权保护",
    icon: CopyrightOutlined,
    description: "作品发表前后即可登记摘要；发现他人擅自转载时，用网页取证把侵权页面原样固定下来。",
    practices: ["作品文件存证", "侵权网页快照与录屏取证", "取证结果可申请公证"],
  },
  {
    name: "行政执法",
    icon: AuditOutlined,
    description: "执法中产生的现场照片、笔录扫描件、录屏等材料在提交时计算摘要入账，之后任何改动都能被发现。",
    practices: ["现场材料即时存证", "网络违法线索固定", "材料移交时附带核验信息"],
  },
  {
    name: "电子取证",
    icon: CameraOutlined,
    description: "在全新的浏览器环境中打开目标网页，截图、录屏与操作过程一并生成摘要写入账本，减少取证环境被质疑的空间。",
    practices: ["网页快照取证", "屏幕录制与过程取证", "手机端录屏取证"],
  },
  {
    name: "企业数据确权",
    icon: DatabaseOutlined,
    description: "为数据集、模型、代码仓库等企业数据资产登记摘要与时间，在不公开数据本身的前提下留下可核验的权属记录。",
    practices: ["只登记摘要，原始数据不出企业", "版本迭代逐次存证", "合作交付时作为交接凭证"],
  },
  {
    name: "品牌保护",
    icon: TagsOutlined,
    description: "持续监测商标与品牌名称在网页、电商和社交平台上的使用，疑似侵权页面出现后及时取证。",
    practices: ["商标与品牌词监测", "疑似侵权页面取证", "维权材料集中管理"],
  },
  {
    name: "网络交易保全",
    icon: TransactionOutlined,
    description: "把电子合同、订单、聊天记录、付款凭证等交易材料存证，发生纠纷时可以拿出形成时间明确、内容未改动的证据。",
    practices: ["交易凭证存证", "电子合同与事务存证", "纠纷时出具存证证书"],
  },
  {
    name: "电商打假",
    icon: ShopOutlined,
    description: "对电商平台上的疑似假冒商品页面进行网页取证和下单过程录屏，配合公证与诉讼使用。",
    practices: ["商品页面快照取证", "购买过程录屏取证", "取证结果申请公证"],
  },
];
