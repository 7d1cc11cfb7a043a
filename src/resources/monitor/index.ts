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
import type { MainSectionDefinition, SectionDefinition } from "../types";
import { channelSectionPages, variantPages } from "./pages";

/**
 * /monitor (spec §2): whole-network monitoring. Every kind has the same pages (pages.ts), each
 * family working on its channel (src/schema/monitor.ts); the spec's Certificate sub-page sits
 * below dataList as in every other section.
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

/** The side-navigation entries of a prefixed family shown in its own group. */
const GROUP_NAV = { guidance: "监测指引", new: "新建监测", list: "监测列表" };

function monitorSection(key: string, title: string, icon: SectionDefinition["icon"], extra: Partial<SectionDefinition> = {}): SectionDefinition {
  return { key, title, icon, landing: "guidance", ...extra, pages: [...channelSectionPages(key), ...(extra.pages ?? [])] };
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
        ...variantPages("ystw", "信息监测", { hasGuidance: false, nav: { new: true, list: true }, withCertificate: true, titles: { list: "证书列表" } }),
        ...variantPages("logo", "标识监测", { nav: { guidance: "标识监测" } }),
        ...variantPages("wx", "文学监测", { nav: GROUP_NAV, navGroup: NAV_GROUP.literature }),
      ],
    }),
    monitorSection("picture", "图片监测", FileImageOutlined),
    // Spec §2: the side navigation shows audio monitoring as music monitoring.
    monitorSection("audio", "音频监测", AudioOutlined, { navLabel: "音乐监测", pages: variantPages("fm", "电台监测", { nav: GROUP_NAV, navGroup: NAV_GROUP.radio }) }),
    monitorSection("video", "视频监测", VideoCameraOutlined, { pages: variantPages("dsp", "短视频监测", { nav: GROUP_NAV, navGroup: NAV_GROUP.shortVideo }) }),
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
