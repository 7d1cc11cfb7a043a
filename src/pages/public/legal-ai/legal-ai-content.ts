import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";
import { QUESTION_MAX_LENGTH } from "../../../schema/legal-ai";

export const LEGAL_AI_TITLE = "法律AI助手";

export const LEGAL_AI_LEAD =
  "围绕电子证据回答法律问题的助手：每个回答都注明出处，引文附带 SHA-256 哈希，您可以逐条核对它引用的帮助文章、司法案例和法律规定。";

/** The lead of the conversation page. */
export const LEGAL_XGPT_INTRO =
  "就电子证据的取证、存证、出证和诉讼使用提问。助手先从本平台的帮助文章、司法案例和法律规定摘要中检索依据，再作答，每处引用都可以点开核对原文。";

export const LEGAL_AI_SECTIONS: readonly ContentSection[] = [
  {
    heading: "回答从哪里来",
    items: [
      "帮助文章：本平台编写的电子证据知识、常见问题和用户手册。",
      "司法案例：本平台为说明电子证据规则而编写的示例案例，不是真实裁判文书。",
      "法律规定：我们对公开法律法规、司法解释相关条文所作的摘要，按《法律名称》第X条的方式引用；摘要不是条文原文，使用前请核对官方文本。",
    ],
  },
  {
    heading: "两种回答方式",
    items: [
      "接入大模型时：系统先检索上述来源，再把检索到的段落交给大模型，由它写出回答并逐字流式显示；回答中的[1]、[2]等角标链接到所引用的段落。",
      "未接入大模型时：助手不生成任何文字，只列出与问题最相关的原文段落及其相关度，并明确标注“未接入大模型”。",
      "两种方式都不会编造来源：找不到依据时，助手会如实说明没有找到。",
    ],
  },
  {
    heading: "引用可以核对",
    items: [
      "每条引用都给出来源名称、引用的原文和这段原文的 SHA-256 哈希。",
      "帮助文章和司法案例链接到帮助中心的对应页面；法律规定在页面侧边打开全文，您可以在浏览器中重新计算哈希，确认与服务器给出的一致。",
    ],
  },
  {
    heading: "证书审查",
    paragraphs: [
      "输入您本人的存证证书编号，助手对照《人民法院在线诉讼规则》第十七条列出的审查因素，逐项说明这张证书能够说明、部分说明或无法说明哪些事项，并给出依据。",
    ],
  },
  {
    heading: "使用限制",
    items: [
      "提问需要登录；每个问题不超过" + QUESTION_MAX_LENGTH + "个字，每个账号每小时的提问次数有上限（以页面显示为准）。",
      "助手的回答仅供参考，不构成法律意见，也不能代替律师对具体案件的判断。",
      "对话历史按账号保存，您可以随时删除；分享链接只在生成时显示一次，可以随时取消。",
    ],
    links: [
      { label: "法律AI助手使用协议", to: PUBLIC_PAGE_PATHS.legalXGPTagreement },
      { label: "开始提问", to: PUBLIC_PAGE_PATHS.legalXGPT },
    ],
  },
];
