import {
  AudioOutlined,
  CopyrightOutlined,
  FileImageOutlined,
  FileSearchOutlined,
  MessageOutlined,
  ShoppingOutlined,
  TrademarkOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { genericPage } from "../define";
import type { MainSectionDefinition, PageDefinition, SectionDefinition } from "../types";

/**
 * /monitor (spec §2): whole-network monitoring. Every kind has the same pages; the spec's
 * Certificate sub-page sits below dataList as in every other section.
 *
 * The spec names the prefixed variants only by example; our choice of their pages:
 * - text `ystw*` — 信息监测 of web sites, apps and search engines, billed per site and week (§9),
 *   which the operation panel links to: ystwnew, ystwdataList (证书列表), ystwdataList/Certificate.
 * - text `logo*` — 标识监测 (logos in published content): logoguidance, logonew, logodataList,
 *   logodataList/Certificate.
 * - text `wx*` — 文学监测 (网文, online literature), the literature side-navigation group:
 *   wxguidance, wxnew, wxdataList, wxdataList/Certificate.
 * - audio `fm*` — 电台监测 (FM radio), the radio group: fmguidance, fmnew, fmdataList, fmdataList/Certificate.
 * - video `dsp*` — 短视频监测 (短视频), the short-video group: dspguidance, dspnew, dspdataList,
 *   dspdataList/Certificate.
 */

const NAV_GROUP = { radio: "radio", literature: "literature", shortVideo: "shortVideo" } as const;

function monitorPages(): PageDefinition[] {
  return [
    genericPage("guidance", "guidance", "监测指引", { nav: true }),
    genericPage("new", "new", "新建监测", { nav: true }),
    genericPage("dataList", "dataList", "监测列表", { nav: true }),
    genericPage("dataChart", "dataChart", "数据图表", { nav: true }),
    genericPage("dataAnalysis", "dataChart", "数据分析"),
    genericPage("dataTask", "dataList", "监测任务"),
    genericPage("monitorReport", "detail", "监测报告"),
    genericPage("dataResults", "dataList", "监测结果"),
    genericPage("dataList/Certificate", "certificate", "监测证书"),
  ];
}

/** A prefixed family of pages (guidance, new, list, certificate) shown in its own side-navigation group. */
function variantPages(prefix: string, name: string, navGroup: string): PageDefinition[] {
  return [
    genericPage(`${prefix}guidance`, "guidance", `${name}指引`, { nav: "监测指引", navGroup }),
    genericPage(`${prefix}new`, "new", `新建${name}`, { nav: "新建监测", navGroup }),
    genericPage(`${prefix}dataList`, "dataList", `${name}列表`, { nav: "监测列表", navGroup }),
    genericPage(`${prefix}dataList/Certificate`, "certificate", `${name}证书`),
  ];
}

function monitorSection(key: string, title: string, icon: SectionDefinition["icon"], extra: Partial<SectionDefinition> = {}): SectionDefinition {
  return { key, title, icon, landing: "guidance", ...extra, pages: [...monitorPages(), ...(extra.pages ?? [])] };
}

export const monitor: MainSectionDefinition = {
  key: "monitor",
  title: "全网监测",
  sections: [
    monitorSection("rights", "权属数据监测", CopyrightOutlined),
    monitorSection("text", "文字监测", FileSearchOutlined, {
      // Spec §2: the side navigation shows text monitoring as information monitoring.
      navLabel: "信息监测",
      pages: [
        genericPage("ystwnew", "new", "新建信息监测", { nav: true }),
        genericPage("ystwdataList", "dataList", "证书列表", { nav: true }),
        genericPage("ystwdataList/Certificate", "certificate", "信息监测证书"),
        genericPage("logoguidance", "guidance", "标识监测指引", { nav: "标识监测" }),
        genericPage("logonew", "new", "新建标识监测"),
        genericPage("logodataList", "dataList", "标识监测列表"),
        genericPage("logodataList/Certificate", "certificate", "标识监测证书"),
        ...variantPages("wx", "文学监测", NAV_GROUP.literature),
      ],
    }),
    monitorSection("picture", "图片监测", FileImageOutlined),
    // Spec §2: the side navigation shows audio monitoring as music monitoring.
    monitorSection("audio", "音频监测", AudioOutlined, { navLabel: "音乐监测", pages: variantPages("fm", "电台监测", NAV_GROUP.radio) }),
    monitorSection("video", "视频监测", VideoCameraOutlined, { pages: variantPages("dsp", "短视频监测", NAV_GROUP.shortVideo) }),
    monitorSection("publicOpinion", "舆情监测", MessageOutlined),
    monitorSection("eBusiness", "电商监测", ShoppingOutlined),
    monitorSection("trademark", "商标监测", TrademarkOutlined),
  ],
  navGroups: [
    { key: NAV_GROUP.radio, label: "电台监测" },
    { key: NAV_GROUP.literature, label: "文学监测" },
    { key: NAV_GROUP.shortVideo, label: "短视频监测" },
  ],
  loadGuidance: () => import("./guidance"),
};
