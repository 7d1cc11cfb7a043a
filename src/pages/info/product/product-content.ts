import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentLink } from "../../../components/public-page/content-section";
import type { ServiceRef } from "../../../resources/offered-services";

export const PRODUCT_TITLE = "产品服务";

export const PRODUCT_LEAD =
  "从保全证据到出示证据的整个过程：存证、取证、证据管理、司法通道、法律服务、确权和全网监测。每项服务标明了在本平台的开放情况。";

export interface Product {
  name: string;
  description: string;
  /** What the product is on this platform; it is open when all of them are (src/resources/availability.ts). */
  offeredBy: readonly ServiceRef[];
}

export interface ProductGroup {
  name: string;
  summary: string;
  products: readonly Product[];
  link?: ContentLink;
}

const product = (name: string, description: string, ...offeredBy: ServiceRef[]): Product => ({ name, description, offeredBy });
const section = (resource: string): ServiceRef => ({ section: resource });

export const PRODUCT_GROUPS: readonly ProductGroup[] = [
  {
    name: "区块链存证",
    summary: "为已有的电子数据计算摘要、写入证据账本并出具存证证书。",
    link: { label: "了解证据账本", to: PUBLIC_PAGE_PATHS.blockChain },
    products: [
      product("文件存证", "合同、设计稿、照片、音视频等文件上传后计算 SHA-256 与 SM3 摘要并存证。", section("evidenceSave/fileEvidence")),
      product("文本存证", "直接提交一段文字（如声明、聊天记录摘录）进行存证。", section("evidenceSave/textEvidence")),
      product("哈希存证", "只提交文件的哈希值，原文件不离开您的电脑，适合涉密或体积很大的数据。", section("evidenceSave/hashEvidence")),
      product("交易凭证存证", "为订单、支付、转账等交易凭证存证，固定交易发生的事实与时间。", section("evidenceSave/voucherEvidence")),
      product("事务存证", "把一项业务过程中先后产生的多份材料归入同一事务，逐条存证。", section("evidenceSave/affairEvidence")),
    ],
  },
  {
    name: "电子取证",
    summary: "由平台提供干净的取证环境，对网页和操作过程进行截图和录制，结果直接存证。",
    products: [
      product("网页快照", "输入网址，平台在全新的浏览器环境中打开并截取整页，记录网址、时间和网络信息。", section("evidenceTaken/snapshotRecord")),
      product("录屏取证", "录制网页浏览和操作的全过程，适合需要点击、滚动、翻页才能展示的内容。", section("evidenceTaken/screenRecord")),
      product("过程取证", "在远程取证环境中一步步完成登录、查询等操作，全过程录像。", section("evidenceTaken/procedureRecord")),
      product("手机录屏与手机阵列", "对移动端应用中的内容取证。", section("evidenceTaken/mobileRecord"), section("evidenceTaken/mobileArray")),
      product("直播取证", "对网络直播内容进行录制取证。", section("evidenceTaken/liveRecord")),
      product("电子签章", "为文件加盖电子签章，并管理签章设备与配置。", section("evidenceTaken/ElectronicSeal")),
    ],
  },
  {
    name: "证据管理",
    summary: "集中管理全部证据，按需提取、下载和出示；任何人都可以核验一份存证。",
    link: { label: "查询验证", to: PUBLIC_PAGE_PATHS.validateQuery },
    products: [
      product("证据库", "按类型、名称、时间检索全部存证记录，查看证书。", section("evidences/dataList")),
      product("证据提取", "向法官、公证员或对方当事人提供提取码，对方凭码查看并下载指定证据。", section("evidences/evidenceExtract"), { service: "extractionByCode" }),
      product("证据下载", "将证据原始文件与证书打包下载。", section("evidences/evidenceDownload")),
      product("查询验证", "凭证书编号、文件或摘要核验一份存证；文件在浏览器中计算摘要，不会上传。", { service: "publicVerification" }),
    ],
  },
  {
    name: "司法通道",
    summary: "把证据交给专业机构：公证、检验、鉴定和费用支付。",
    link: { label: "公证入口", to: PUBLIC_PAGE_PATHS.notaryEntrance },
    products: [
      product("在线公证", "就已保全的证据向合作公证机构申请公证，由公证员审核后出具公证书。", section("judicial/notarization")),
      product("数据检验报告", "平台对所选证据逐条重新检验并出具报告，报告本身存证上链、可离线核验；免费。", section("judicial/digitalReport")),
      product("司法鉴定", "对接司法鉴定机构，办理电子数据鉴定。", section("judicial/judicialExpert")),
      product("司法缴费", "在线支付公证等司法服务费用。", section("judicial/judicialPay")),
      product("公证处工作台", "合作公证处的工作人员使用单独的账号登录，审核用户提交的公证申请（审核随在线公证开放）。", { service: "notaryConsole" }),
    ],
  },
  {
    name: "法律服务",
    summary: "在证据之外，帮助您找到专业的法律支持。",
    link: { label: "法律AI助手说明", to: PUBLIC_PAGE_PATHS.legalAI },
    products: [
      product("律师服务", "提交维权需求，由律师查看证据并提供服务。", section("lawService/wsLawyer")),
      product("法律AI助手", "就电子证据的法律问题作答，每处引用注明出处并附原文哈希；未接入大模型时列出最相关的原文段落。", { service: "legalAssistant" }),
    ],
  },
  {
    name: "确权",
    summary: "在作品发表或使用前登记权属，日后发生争议时有据可查。",
    products: [
      product("文件确权", "为原创作品文件登记权利人与时间。", section("rights/file")),
      product("哈希确权", "只提交摘要的脱敏确权，作品内容不离开本地。", section("rights/hash")),
      product("网页确权", "为已发布在网上的原创内容登记权属。", section("rights/web")),
    ],
  },
  {
    name: "全网监测",
    summary: "权利、信息、图片、音乐、视频、舆情、电商和商标八类监测，按周按站点计费。",
    link: { label: "监测范围与价格", to: PUBLIC_PAGE_PATHS.bigData },
    products: [product("全网监测", "持续查找作品、品牌与信息在网站、移动应用和搜索引擎中的使用，发现问题后就地取证。", { main: "monitor" })],
  },
  {
    name: "账号与开放平台",
    summary: "个人、企业和团队使用平台的基础，以及供开发者调用的接口。",
    link: { label: "开放平台", to: PUBLIC_PAGE_PATHS.openPlatform },
    products: [
      product("个人与企业账号", "手机号或邮箱注册，支持验证码登录、两步验证、实名认证和企业认证。", section("personal/accountManagement"), section("personal/securityCenter")),
      product("子账号", "主账号为团队成员创建子账号，统一管理。", section("personal/childAccountManagement")),
      product("接口文档", "全部接口按 OpenAPI 描述，可在线浏览；开放平台应用密钥尚未开放申请。", { service: "apiDocumentation" }),
    ],
  },
];

export const MOBILE_ACCESS = {
  heading: "手机上使用",
  paragraphs: [
    "本平台的网页可以直接在手机浏览器中打开和使用，无需安装任何软件。",
    "原生手机 App 尚未发布。请不要从第三方渠道下载名为“衡证”的应用；正式发布时，我们会在产品动态中公布下载方式。",
  ],
  link: { label: "产品动态", to: PUBLIC_PAGE_PATHS.activityProduct },
} as const;
