import {
  AppstoreOutlined,
  CameraOutlined,
  DesktopOutlined,
  MobileOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { customPage, genericPage } from "../define";
import type { MainSectionDefinition, PageDefinition } from "../types";
import { CAPTURE_PAGES, captureListPages, SNAPSHOT_DATA, TOTAL_CAPTURE_DATA } from "./capture";
import { RECORDING_PAGES, recordingListPages, recordingSectionData } from "./recording";

/**
 * /evidenceTaken (spec §2): evidence collection. Most sections have guidance, new, dataList and
 * dataList/Certificate; the spec's exceptions are written out below. ifrmobile frames the
 * configured mobile service (spec §7), so it is a page of its own rather than a form. Web page
 * capture (snapshotRecord, and the list of all captures) is built (capture.ts); the new snapshot
 * page is a screen of its own, since it follows the captures it starts. The recording sections'
 * lists and certificates come from recording.ts.
 */

const guidance = () => genericPage("guidance", "guidance", "取证指引", { nav: true });
const create = () => genericPage("new", "new", "新建取证", { nav: true });
const mobileFrame = () => genericPage("ifrmobile", "new", "手机端取证");

/** A recording section: guidance, its new page, its list and certificates, and any pages of its own. */
const recordingPages = (...extra: PageDefinition[]): PageDefinition[] => [guidance(), create(), ...recordingListPages(), ...extra];
const screenRecordPages = (): PageDefinition[] => [guidance(), customPage("new", "新建取证", RECORDING_PAGES.newScreen, { nav: true, standsFor: "new" }), ...recordingListPages()];

export const evidenceTaken: MainSectionDefinition = {
  key: "evidenceTaken",
  title: "电子取证",
  sections: [
    // Spec §2: the overview redirects to its list and has no guidance.
    { ...TOTAL_CAPTURE_DATA, key: "totalEvidenceTaken", title: "全部取证", icon: UnorderedListOutlined, landing: "dataList", pages: captureListPages() },
    {
      ...SNAPSHOT_DATA,
      key: "snapshotRecord",
      title: "网页快照取证",
      icon: CameraOutlined,
      landing: "guidance",
      pages: [guidance(), customPage("new", "新建取证", CAPTURE_PAGES.newSnapshot, { nav: true, standsFor: "new" }), ...captureListPages()],
    },
    { ...recordingSectionData("screenRecord"), key: "screenRecord", title: "录屏取证", icon: DesktopOutlined, landing: "guidance", pages: screenRecordPages() },
    {
      ...recordingSectionData("procedureRecord"),
      key: "procedureRecord",
      title: "过程取证",
      icon: NodeIndexOutlined,
      landing: "guidance",
      pages: [
        guidance(),
        customPage("new", "新建取证", RECORDING_PAGES.procedureNew, { nav: true, standsFor: "new" }),
        ...recordingListPages(),
        customPage("ifrmobile", "手机端取证", RECORDING_PAGES.procedureMobile, { standsFor: "new" }),
      ],
    },
    { ...recordingSectionData("mobileRecord"), key: "mobileRecord", title: "手机录屏取证", icon: MobileOutlined, landing: "guidance", pages: recordingPages() },
    { ...recordingSectionData("mobileArray"), key: "mobileArray", title: "手机阵列取证", icon: AppstoreOutlined, landing: "guidance", pages: recordingPages(mobileFrame()) },
    // Spec §2: live recording has no new page.
    { ...recordingSectionData("liveRecord"), key: "liveRecord", title: "直播取证", icon: VideoCameraOutlined, landing: "guidance", pages: [guidance(), ...recordingListPages()] },
    {
      key: "ElectronicSeal",
      title: "电子印章",
      icon: SafetyCertificateOutlined,
      landing: "guidance",
      pages: [
        genericPage("guidance", "guidance", "印章指引", { nav: true }),
        genericPage("config", "new", "印章配置", { nav: true }),
        genericPage("dataList", "dataList", "用印记录", { nav: true }),
        genericPage("deviceList", "dataList", "设备列表", { nav: true }),
      ],
    },
  ],
  loadGuidance: () => import("./guidance"),
};
