import { BUNDLE_VALID_DAYS } from "../../schema/bundle";
import { DIGITAL_REPORT_DAILY_LIMIT, DIGITAL_REPORT_MAX_ITEMS } from "../../schema/digital-report";
import type { GuidanceContent } from "../types";

/** Guidance texts of /judicial, keyed `<section>/<page>`. */

const guidance: Record<string, GuidanceContent> = {
  "notarization/guidance": {
    intro:
      "在线公证让您把已在本平台存证或取证的电子证据直接提交给合作公证处，申请办理保全证据公证，无需携带材料往返。公证处在线查看每条证据、下载原件，并在浏览器中逐条核对证据的账本证明；审核通过后出具加盖公证处电子印章的公证书，公证书的摘要同样记入账本，任何人都可以凭公证书编号公开核验。",
    steps: [
      { title: "选择证据", description: "在公证申请列表点击“申请公证”，从证据库中选择要公证的证据（文件、文本、哈希、交易凭证、事务、网页快照、录屏等均可），也可以在证据库中勾选后直接发起。" },
      { title: "填写申请", description: "填写公证用途（诉讼、行政投诉或其他）与说明，选择以个人或单位名义申请（须已完成实名认证或企业认证），选择公证处并留下联系方式。" },
      { title: "选择支付方式", description: "使用公证套餐：仅适用于网页快照证据，每条快照一个网页，数量不超过套餐上限；或支付公证处公布的公证费，从账户余额预扣。可以先保存草稿，确认无误后再提交。" },
      { title: "公证处办理", description: "公证处受理、审核，必要时要求补充材料；每一步都会通知您，并记入办理进度和公开账本。受理前您可以撤回申请。" },
      { title: "领取公证书", description: "审核通过后公证处出具公证书，在申请详情中下载；公证书二维码指向公证书查询页，可公开核验。" },
    ],
    results: [
      "合作公证处出具并加盖电子印章的公证书（PDF）",
      "全程可查的办理进度：每次状态变化的时间、经办人、说明和账本序号",
      "使用公证套餐：提交后套餐冻结，被驳回或在受理阶段撤回即恢复可用，审核通过后计为已使用并向您发送使用通知",
      "支付公证费：提交时从余额预扣，审核通过后结算，撤回或被驳回全额退回",
    ],
    actions: [
      { label: "申请公证", to: "dataList", primary: true },
      { label: "购买公证套餐", to: "../judicialPay/guidance" },
    ],
  },
  "judicialExpert/guidance": {
    intro:
      "司法鉴定由平台合作的司法鉴定机构对电子数据的真实性、完整性等专门性问题进行鉴定并出具鉴定意见，适用于证据的真实性在诉讼中受到质疑、需要专业意见的情形。鉴定人可在线查看您委托的证据及其存证证书与账本证明，无需另行寄送材料。",
    steps: [
      { title: "提交委托", description: "选择鉴定机构和证据库中已存证的证据（任意类型，每次最多 50 条），写明鉴定事项与联系方式。" },
      { title: "机构报价", description: "鉴定人查看委托证据后给出鉴定费与预计工期，您会收到通知；付费前可随时撤回委托。" },
      { title: "支付鉴定费", description: "在司法支付中从账户余额支付，费用先冻结，鉴定意见出具后结算；机构拒绝委托时全额退回。" },
      { title: "出具意见", description: "鉴定完成后，鉴定意见书作为新的存证写入账本并生成存证证书，可在鉴定详情中下载。" },
    ],
    results: ["司法鉴定机构出具的鉴定意见书（PDF），附存证证书与账本证明", "委托、报价、付费、鉴定各环节的完整记录"],
    actions: [
      { label: "查看鉴定委托", to: "dataList", primary: true },
      { label: "支付鉴定费", to: "../judicialPay/addJudicialPay" },
    ],
  },
  "digitalReport/guidance": {
    intro:
      "数据检验报告由平台对您选择的已存证证据逐条重新检验后出具，写明法官、仲裁员或对方当事人会做的每一项核对及其结果（通过、不通过或不适用），并作为证据存证上链，拥有自己的报告编号与存证证书。本服务免费。",
    steps: [
      { title: "选择证据", description: `从证据库中选择 1-${DIGITAL_REPORT_MAX_ITEMS} 条已存证的证据，文件、文本、哈希、网页快照、录像等各类证据均可。` },
      {
        title: "平台逐条检验",
        description:
          "由平台存储的数据重新计算 SHA-256 与 SM3 摘要并与账本记录核对；核验证据包含在最新的签名检查点中，且该检查点与存证时的检查点一致；核验见证者联署与可信时间戳（如有）；网页快照与录像还核对取证包的完整性与取证过程记录。",
      },
      { title: "出具报告", description: "报告 PDF 列明每条证据的每项检查及说明，并内嵌每条证据的账本记录与包含证明；报告本身作为证据存证上链。" },
      {
        title: "他人核验",
        description:
          "法院或对方当事人拿到报告与报告证书后，可在公开核验页面上传报告核对，或离线运行 npx hengzheng-verify verify 报告证书.pdf 报告.pdf：报告任何一个字节被改动即核验不通过，报告内嵌的每条证据记录也会被逐条复核。",
      },
    ],
    results: [
      "数据检验报告 PDF 及其存证证书",
      "每条证据每项检查的结果与说明，任何一项不通过都会写明",
      `免费出具；每个账号每天最多生成 ${DIGITAL_REPORT_DAILY_LIMIT} 份报告`,
    ],
    actions: [{ label: "生成报告", to: "dataList", primary: true }],
  },
  "judicialPay/guidance": {
    intro: `司法支付汇总司法通道的各项费用：司法鉴定费、公证费与公证套餐。鉴定费与公证费从账户余额冻结，服务完成后结算，服务未进行时退回；公证套餐把一次公证与一定数量的网页快照取证打包销售，自购买之日起 ${BUNDLE_VALID_DAYS} 天内有效。`,
    steps: [
      { title: "选择费用", description: "支付已报价的司法鉴定费，或按需要公证的网页数量选择公证套餐（可多次购买，数量累计）。" },
      { title: "余额支付", description: "从账户余额支付；余额不足时先在线充值。同一笔费用只会扣款一次。" },
      { title: "取证并申请公证", description: "用网页快照取证固定网页后，在在线公证中选择套餐提交申请；每条快照仅限一个网页，数量不超过套餐上限。" },
      { title: "查看记录", description: "在支付记录中查看每一笔费用是已冻结、已支付还是已退回。" },
    ],
    results: ["鉴定费：鉴定意见出具后结算，机构拒绝则退回", `公证套餐：一次公证及套餐内的网页快照取证额度，自购买之日起 ${BUNDLE_VALID_DAYS} 天有效，过期作废`, "套餐一经售出不予退款"],
    pricing: ["notarisationBundles"],
    actions: [
      { label: "购买公证", to: "addJudicialPay", primary: true },
      { label: "查看支付记录", to: "dataList" },
    ],
  },
};

export default guidance;
