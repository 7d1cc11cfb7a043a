import type { GuidanceContent } from "../types";

/** Guidance texts of /lawService, keyed `<section>/<page>`. */

const guidance: Record<string, GuidanceContent> = {
  "wsLawyer/guidance": {
    intro:
      "律师服务为您对接平台登记的执业律师，就电子证据的收集、固定与使用提供专业意见，例如证据是否充分、还需补充哪些证据、如何在诉讼或仲裁中出示存证证明。律师可查看您关联证据的名称、证书编号与摘要并在线核验，原始文件只有您作为附件发送后才可见。",
    steps: [
      { title: "选择律师与证据", description: "在咨询记录中发起咨询：查看律师资料并选择律师，关联需要咨询的已存证证据（最多20条），写明标题与问题。" },
      { title: "在线沟通", description: "与律师在咨询详情中往来消息，可发送 PDF、图片和 Office 文档附件（每个不超过20MB）；对方的新消息会通过短信或邮件提醒您。" },
      { title: "获得总结", description: "律师结束咨询时给出书面总结，咨询记录完整保留，可随时查看。" },
    ],
    results: ["执业律师的专业意见与咨询总结", "可随时查看的咨询记录、消息与附件"],
    actions: [{ label: "发起咨询", to: "dataList", primary: true }],
  },
};

export default guidance;
