import { TEXT_MONITORING_PRODUCT_CODE } from "../../schema/billing";
import type { GuidanceContent } from "../types";

/** Guidance texts of /monitor, keyed `<section>/<page>`. Every monitoring service bills by site and week (spec §9). */

/** Spec §4, §6: new monitoring of every kind follows the account's limits code, as information monitoring's does. */
const startMonitor = [
  { label: "新建监测", to: "new", primary: true, requiresProduct: TEXT_MONITORING_PRODUCT_CODE },
  { label: "查看监测列表", to: "dataList" },
] as const;

/** The common course of a monitoring task; `what` names what is compared and `where` where it is looked for. */
function monitoringSteps(what: string, where: string): GuidanceContent["steps"] {
  return [
    { title: "提交监测对象", description: `上传或填写需要保护的${what}，并选择监测范围与周期。` },
    { title: "全网比对", description: `监测任务在${where}中持续查找与您的${what}相同或相似的内容。` },
    { title: "查看结果", description: "疑似侵权线索按任务汇总到监测结果，可在数据图表中查看趋势与分布。" },
    { title: "固定证据", description: "对确认的侵权线索一键取证存证，生成监测证书，可继续申请公证或委托律师。" },
  ];
}

const monitoringResults = (what: string) => [
  `与您的${what}相关的疑似侵权线索列表，含出处链接与发现时间`,
  "按时间、来源统计的数据图表与监测报告",
  "对侵权线索取证后生成的监测证书",
];

function monitoringGuidance(intro: string, what: string, where: string): GuidanceContent {
  return { intro, steps: monitoringSteps(what, where), results: monitoringResults(what), pricing: ["monitoring"], actions: startMonitor };
}

function variantGuidance(intro: string, what: string, where: string, prefix: string): GuidanceContent {
  return {
    ...monitoringGuidance(intro, what, where),
    actions: [
      { label: "新建监测", to: `${prefix}new`, primary: true, requiresProduct: TEXT_MONITORING_PRODUCT_CODE },
      { label: "查看监测列表", to: `${prefix}dataList` },
    ],
  };
}

const guidance: Record<string, GuidanceContent> = {
  "rights/guidance": monitoringGuidance(
    "权属数据监测以您在平台确权或存证的作品为依据，持续在全网查找这些作品被转载、盗用的情况，让确权证书与侵权线索直接对应起来。",
    "已确权作品",
    "网站、应用与搜索引擎",
  ),
  // Spec §2 "Information-monitoring guide": recharge, new monitoring, results and the price panel.
  "text/guidance": {
    intro:
      "信息监测按您指定的关键词、文章或站点，持续监测网站、应用与搜索引擎中出现的相关信息，适合追踪文章转载、负面信息与侵权内容。监测按站点、按周计费，开通前请确保账户有余额或已签订线下合同。",
    steps: [
      { title: "充值", description: "信息监测从账户余额中按周扣费，开通前请先充值。" },
      { title: "新建信息监测", description: "填写监测关键词或原文，选择要监测的网站、应用或搜索引擎以及监测周数。" },
      { title: "查看监测结果", description: "监测发现的信息与证书汇总在证书列表中，可随时查看。" },
      { title: "固定证据", description: "对确认的侵权或不实信息取证存证，生成监测证书。" },
    ],
    results: monitoringResults("文字内容"),
    pricing: ["monitoring"],
    // Spec §4: the limits code of accountStatus (40001, information monitoring) can disable the new-monitoring button.
    actions: [
      { kind: "recharge" },
      { label: "新建信息监测", to: "ystwnew", primary: true, requiresProduct: TEXT_MONITORING_PRODUCT_CODE },
      { label: "查看监测结果", to: "ystwdataList" },
      { kind: "pricing", label: "查看收费标准" },
    ],
    actionsFirst: true,
  },
  "text/logoguidance": variantGuidance(
    "标识监测查找网页与应用中使用您的标识（徽标、图形标记）的情况，发现未经授权的使用。",
    "标识图形",
    "网站、应用与电商页面的图片",
    "logo",
  ),
  "text/wxguidance": variantGuidance(
    "文学监测面向网络文学与出版作品，按章节内容在小说站点、阅读应用与网盘分享中查找盗版转载，帮助作者与平台及时发现盗版源头。",
    "文学作品章节",
    "小说站点、阅读应用与网盘分享",
    "wx",
  ),
  "picture/guidance": monitoringGuidance(
    "图片监测以您的摄影、插画、设计作品为样本，在全网查找相同或经过裁剪、调色的相似图片，发现未经授权的商用。",
    "图片作品",
    "网站、社交平台与电商页面",
  ),
  "audio/guidance": monitoringGuidance(
    "音乐监测以您的音乐作品为样本，查找在线音乐平台、视频背景音乐与各类应用中的使用情况，发现未经授权的播放与传播。",
    "音乐作品",
    "音乐平台、视频平台与应用",
  ),
  "audio/fmguidance": variantGuidance(
    "电台监测针对网络电台与音频节目，查找您的音频作品在电台节目、播客与有声平台中被播放或转载的情况。",
    "音频节目",
    "网络电台、播客与有声平台",
    "fm",
  ),
  "video/guidance": monitoringGuidance(
    "视频监测以您的影视、课程或原创视频为样本，查找视频网站与应用中的完整搬运、剪辑片段与盗链播放。",
    "视频作品",
    "视频网站与应用",
  ),
  "video/dspguidance": variantGuidance(
    "短视频监测针对短视频平台，查找您的视频被搬运、二次剪辑或去水印发布的情况。",
    "视频作品",
    "短视频平台",
    "dsp",
  ),
  "publicOpinion/guidance": monitoringGuidance(
    "舆情监测按您设定的品牌名、产品名或事件关键词，持续汇集新闻、论坛与社交平台上的相关言论，帮助您及早发现负面信息与谣言并及时固定证据。",
    "关键词",
    "新闻网站、论坛与社交平台",
  ),
  "eBusiness/guidance": monitoringGuidance(
    "电商监测在电商平台中查找假冒您品牌的商品、盗用您商品图片与描述的店铺，为投诉下架与维权诉讼提供线索和证据。",
    "品牌与商品信息",
    "电商平台的商品与店铺页面",
  ),
  "trademark/guidance": monitoringGuidance(
    "商标监测查找网页、应用与电商页面中使用与您注册商标相同或近似标识的情况，发现商标侵权与不正当竞争线索。",
    "注册商标",
    "网站、应用与电商页面",
  ),
};

export default guidance;
