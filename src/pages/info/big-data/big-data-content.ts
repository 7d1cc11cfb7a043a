import type { ContentSection } from "../../../components/public-page/content-section";
import { notOfferedSentence } from "../../../resources/offered-services";

export const BIG_DATA_TITLE = "大数据监测";

export const BIG_DATA_LEAD =
  "全网监测在公开的网站、移动应用和搜索引擎中持续查找与您的作品、品牌和信息相关的内容。发现疑似侵权或需要关注的信息后，可以直接对该页面发起网页取证，把证据固定下来。";

/** The monitoring kinds of spec §1, in the order of the main navigation (/monitor/...). */
export const MONITOR_KINDS: readonly { name: string; description: string }[] = [
  { name: "权利监测", description: "以您在平台确权的文件、哈希或网页为线索，查找未经授权的转载、复制和使用。" },
  { name: "信息监测", description: "跟踪新闻、文章等文字内容在各网站上的转载与改写，汇总转载来源和时间。" },
  { name: "图片监测", description: "以图找图，发现作品被裁剪、缩放、加水印或拼接后的再次使用。" },
  { name: "音乐监测", description: "查找音频作品在音乐、视频和资讯平台上的使用情况，另有广播（FM）监测分组。" },
  { name: "视频监测", description: "发现影视片段、原创视频被搬运、剪辑或二次上传，另有短视频监测分组。" },
  { name: "舆情监测", description: "按关键词汇总与企业、品牌、产品相关的公开讨论，便于及时了解和回应。" },
  { name: "电商监测", description: "在电商平台上查找假冒商品、盗用商品图片和未经授权的销售。" },
  { name: "商标监测", description: "发现与您的注册商标相同或近似的标识被使用，以及相关的商标申请。" },
];

export const BIG_DATA_SECTIONS: readonly ContentSection[] = [
  {
    heading: "监测如何进行",
    steps: [
      "新建监测任务：选择监测类型，填写作品、关键词或商标等监测线索。",
      "选择监测范围：要覆盖的网站、移动应用和搜索引擎，以及监测的周数。",
      "查看结果：监测结果、数据分析和监测报告会在监测列表中陆续给出。",
      "固定证据：对需要维权的结果一键发起网页取证，取证结果写入证据账本并可出具存证证书。",
    ],
    closing: ["监测只针对公开可访问的内容，不会登录他人账号，也不会绕过网站的访问限制。是否构成侵权，需要结合具体情况判断，必要时请咨询律师。"],
  },
];

export const MONITOR_PRICING_NOTE =
  "按周计费：每个被监测的站点按其类型的周单价计费，一周的费用是所有站点单价之和，总费用再乘以监测周数。";

const MONITORING = notOfferedSentence([{ main: "monitor" }]);

/** Said beside the prices while monitoring is not offered here (src/resources/availability.ts); null once it is. */
export const MONITOR_AVAILABILITY = MONITORING && `${MONITORING}。目前可以先了解监测范围与价格，开放后在“全网监测”栏目新建任务。`;
