import type { GuidanceContent } from "../types";

/** Guidance texts of /lawService, keyed `<section>/<page>`. */

const guidance: Record<string, GuidanceContent> = {
  "wsLawyer/guidance": {
    intro:
      "律师服务为您对接执业律师，就电子证据的收集、固定与使用提供专业意见，例如证据是否充分、还需补充哪些证据、如何在诉讼或仲裁中出示存证证明。",
    steps: [
      { title: "描述问题", description: "简要说明纠纷情况与需要咨询的问题，可附上相关证据。" },
      { title: "律师接单", description: "律师查看咨询内容后与您沟通，确认服务内容与费用。" },
      { title: "获得意见", description: "律师给出书面或沟通意见，咨询记录完整保留。" },
    ],
    results: ["执业律师的专业意见", "可随时查看的咨询记录与详情"],
    actions: [{ label: "查看咨询记录", to: "dataList", primary: true }],
  },
};

export default guidance;
