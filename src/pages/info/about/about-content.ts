import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";
import { availabilitySummary } from "../../../resources/offered-services";

const AVAILABILITY = availabilitySummary();

export const ABOUT_TITLE = "关于我们";

export const ABOUT_LEAD =
  "衡证电子证据平台帮助个人、企业、律师和公证机构保全、管理和核验电子证据。我们的目标很简单：让一份电子证据在日后被法院、公证员或对方当事人检查时，不需要相信我们，也能自己验证。";

export const ABOUT_SECTIONS: readonly ContentSection[] = [
  {
    heading: "我们做什么",
    items: [
      "存证：为文件、文本、哈希值、交易凭证和事务记录计算摘要，写入只增不改的证据账本，并出具存证证书。",
      "取证：在平台提供的受控环境中对网页截图、录屏和录制操作过程，取证结果直接存证。",
      "核验：任何人都可以在查询验证页面或使用离线工具，依据公开标准核对证据与账本是否一致。",
      "司法通道：对接公证机构、司法鉴定机构，提供在线公证申请、数据检验报告等服务。",
      "监测与维权：全网监测作品、品牌和信息的使用情况，发现问题后就地取证。",
    ],
  },
  {
    heading: "我们坚持的原则",
    items: [
      "可核验胜过可信任：账本采用 RFC 6962 的 Merkle 树和 C2SP 的检查点、瓦片格式，任何人都可以独立审计；平台不签发与此前检查点相矛盾的检查点。",
      "如实说明：证书只列出真实发生的锚定和核验结果；尚未上线的功能，页面会直接说明，而不是展示示例数据。",
      "中立：平台只记录和证明数据在某一时间的状态，不对证据内容作出判断，证据的认定由法院和有关机关依法作出。",
      "少收集：账本里只有摘要和登记信息，不含证据文件内容；证据文件只向权利人开放。",
    ],
  },
  {
    heading: "当前开放情况",
    paragraphs: [
      `本平台正在分阶段建设。目前已经开放：${AVAILABILITY.open.join("、")}，以及账号注册与登录、个人中心和产品动态等公开信息页面。`,
      ...(AVAILABILITY.pending.length > 0 ? [`尚未开放：${AVAILABILITY.pending.join("、")}。每项功能开放时，我们会在产品动态中说明。`] : []),
    ],
    links: [
      { label: "产品服务", to: PUBLIC_PAGE_PATHS.product },
      { label: "产品动态", to: PUBLIC_PAGE_PATHS.activityProduct },
    ],
  },
  {
    heading: "联系我们",
    paragraphs: ["使用中的问题、意见和合作洽谈，请通过帮助中心与我们联系。涉及账号安全的问题，请先修改密码，再联系我们处理。"],
    links: [{ label: "帮助中心", to: PUBLIC_PAGE_PATHS.helpCenter }],
  },
];
