import type { GuidanceContent } from "../types";

/** Guidance texts of /evidenceSave, keyed `<section>/<page>`. */

const certificateResults = [
  "存证证书（网页版与 PDF 版），载明存证人、内容摘要值、存证时间与账本证明",
  "任何人均可在“查询验证”页面凭证书编号或原文件核验，无需信任本平台",
  "可在证据库中统一管理，并可用于申请公证或司法鉴定",
];

const guidance: Record<string, GuidanceContent> = {
  "fileEvidence/guidance": {
    intro:
      "文件存证用于固定合同、设计稿、照片、音视频等电子文件在某一时刻的内容。平台计算文件的 SHA-256 与 SM3 摘要值，将文件与存证记录写入稳定存储，并把记录追加到防篡改的存证账本，之后文件哪怕改动一个字节都能被发现。",
    steps: [
      { title: "上传文件", description: "在存证列表中选择要存证的文件，并填写便于日后查找的存证名称。" },
      { title: "计算摘要", description: "平台对文件计算 SHA-256 与 SM3 两种摘要值，文件按摘要值保存，同一内容不会重复占用空间。" },
      { title: "写入账本", description: "存证记录确认落盘后追加到默克尔树账本，随所在区块的签名检查点一同对外公开。" },
      { title: "获取证书", description: "存证完成后即可查看、下载存证证书，证书附带该记录的包含证明。" },
    ],
    results: certificateResults,
  },
  "textEvidence/guidance": {
    intro:
      "文本存证适合固定聊天记录摘录、声明、创作底稿、约定条款等纯文字内容。提交的文本按原样计算摘要并记入存证账本，证明这段文字在存证时刻已经存在且此后未被改动。",
    steps: [
      { title: "填写文本", description: "输入或粘贴需要存证的文字内容；每行首尾的空白与空行会被去除，存证的是整理后的文本。" },
      { title: "确认内容", description: "提交前请核对全文：存证后的内容不可修改，修改后的文本只能另行存证。" },
      { title: "写入账本", description: "平台计算文本摘要值并将存证记录追加到账本。" },
      { title: "获取证书", description: "在存证列表中查看证书，证书中载明文本摘要值与存证时间。" },
    ],
    results: certificateResults,
  },
  "hashEvidence/guidance": {
    intro:
      "哈希存证只提交文件的摘要值，不上传文件本身，适合涉密或体量很大的数据：原文件始终留在您自己手中，平台仅记录“某个摘要值在某一时刻已存在”。日后出示原文件并重新计算摘要，即可与存证记录比对。",
    steps: [
      { title: "本地计算摘要", description: "在您的设备上对文件计算 SHA-256 摘要值（64 位十六进制字符）。" },
      { title: "提交摘要", description: "在存证列表中提交摘要值及存证名称，平台不接触原文件内容。" },
      { title: "写入账本", description: "摘要值与存证时间作为存证记录追加到账本。" },
      { title: "申请出证", description: "需要时可在列表中申请出证，并查看向相关方发出的存证告知书。" },
    ],
    results: [
      "哈希存证证书，载明摘要值、存证时间与账本证明",
      "原文件不出本地，核验时由您出示原文件与证书比对",
      "可按需申请出证并生成存证告知书",
    ],
  },
  "voucherEvidence/guidance": {
    intro:
      "交易凭证存证用于固定订单、付款回单、电子发票、物流单据等交易过程中的凭证，让一笔线上交易的关键证据在发生当时即被固定，便于日后对账、维权或举证。",
    steps: [
      { title: "选择凭证", description: "上传交易凭证文件，并注明交易对方、交易编号等便于识别的信息。" },
      { title: "计算摘要", description: "平台对凭证内容计算摘要值并保存凭证原件。" },
      { title: "写入账本", description: "存证记录追加到账本，记录交易凭证在存证时刻的状态。" },
      { title: "获取证书", description: "在存证列表中查看和下载存证证书。" },
    ],
    results: certificateResults,
  },
  "affairEvidence/guidance": {
    intro:
      "事务存证面向由多个环节组成的业务事项，例如一次招投标、一份合同从起草到签署的全过程。一个事务下可以持续追加多条子存证，每条子存证都有自己的证书，事务列表则完整呈现事项的时间线。",
    steps: [
      { title: "创建事务", description: "为业务事项建立一个事务，填写事务名称与说明。" },
      { title: "追加子存证", description: "事项每推进一步，就把该环节的文件或文字作为子存证追加到事务下。" },
      { title: "逐条上链", description: "每条子存证单独计算摘要并追加到账本，先后顺序可由账本证明。" },
      { title: "查看证书", description: "在事务的子存证列表中查看每一条子存证的证书。" },
    ],
    results: [
      "事务及其全部子存证的时间线",
      "每条子存证独立的存证证书与账本证明",
      "可在证据库中统一检索、下载",
    ],
  },
};

export default guidance;
