import { EVIDENCE_KNOWHOW } from "./evidence-knowhow.js";
import { FAQ } from "./faq.js";
import type { SeedMenu } from "./help-seed.types.js";
import { LAW_CASES } from "./law-cases.js";
import { USER_MANUAL } from "./user-manual.js";

/**
 * The help centre's development content, seeded once: two groups of leaves. The first leaf,
 * 存证知识, is where the help centre lands. 诉讼包下载 and 电子证据原理 list no articles: the server
 * generates what they show.
 */
export const HELP_SEED: readonly SeedMenu[] = [
  {
    name: "证据知识",
    children: [
      { name: "存证知识", code: "HLEVIDENCE", articles: [...EVIDENCE_KNOWHOW] },
      { name: "电子证据原理", code: "HLELEEVIDENCE" },
      { name: "司法案例", code: "HLLAWCASE", articles: [...LAW_CASES] },
    ],
  },
  {
    name: "使用帮助",
    children: [
      { name: "常见问题", code: "HLQUESTION", articles: [...FAQ] },
      { name: "用户手册", code: "HLUSERBOOK", articles: [...USER_MANUAL] },
      { name: "诉讼包下载", code: "HLSUITPACKAGE" },
    ],
  },
];
