import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";

export const LEGAL_AI_TITLE = "法律AI助手";

export const LEGAL_AI_LEAD = "以对话方式解释常见法律问题、帮助梳理证据和维权思路的助手，由大语言模型提供回答。";

/** Shown on every legal-AI page: this installation has no language model to talk to. */
export const ASSISTANT_NOT_CONNECTED = {
  title: "本安装未接入法律AI助手",
  description:
    "法律AI助手需要连接大语言模型服务，本安装没有配置这样的服务，因此助手目前不可用。页面不会给出任何模拟或预设的回答。",
} as const;

export const LEGAL_AI_SECTIONS: readonly ContentSection[] = [
  {
    heading: "它可以帮您做什么",
    items: [
      "解释法律概念和程序，例如诉讼时效、管辖法院、举证责任、在线诉讼的流程。",
      "根据您描述的情况，梳理维权可能需要准备的证据，并说明平台的存证、取证服务各自适合哪些场景。",
      "帮助起草律师函、证据清单、情况说明等文书的初稿，供您或律师修改。",
    ],
  },
  {
    heading: "它不能做什么",
    items: [
      "助手的回答不构成法律意见，也不能代替律师对具体案件的判断。",
      "回答可能不准确、不完整或已经过时。涉及重要权益的事项，请核对法律法规原文，并咨询执业律师。",
      "助手不会替您向法院、公证机构或任何第三方提交材料，也不会替您作出任何承诺。",
    ],
  },
  {
    heading: "您的对话内容",
    paragraphs: [
      "接入后，您输入的内容会发送给大语言模型服务进行处理。请不要输入身份证号码、银行卡号、密码、验证码等敏感信息，也不要输入您无权披露的他人信息或商业秘密。",
      "具体由哪家服务提供方处理对话、对话保存多久、能否删除，将在接入时写入使用协议并在本页说明。",
    ],
    links: [
      { label: "法律AI助手使用协议", to: PUBLIC_PAGE_PATHS.legalXGPTagreement },
      { label: "对话页面", to: PUBLIC_PAGE_PATHS.legalXGPT },
    ],
  },
];
