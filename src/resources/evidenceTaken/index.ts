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
import type { MainSectionDefinition, PageComponentLoader, PageDefinition } from "../types";
import { CAPTURE_PAGES, captureListPages, SNAPSHOT_DATA, TOTAL_CAPTURE_DATA } from "./capture";
import { DEVICE_LIST_DATA, DEVICE_LIST_SLOTS, DEVICE_PAGES, LIVE_RECORD_START, MOBILE_ARRAY_PAGES } from "./device";
import { RECORDING_PAGES, recordingListPages, recordingSectionData } from "./recording";
import { sealPages } from "./seal";

/**
 * /evidenceTaken (spec §2): evidence collection. Most sections have guidance, new, dataList and
 * dataList/Certificate; the spec's exceptions are written out below. Web page capture
 * (snapshotRecord, and the list of all captures) comes from capture.ts; the recording sections'
 * lists and certificates from recording.ts, their recorders' pages from recording.ts and device.ts
 * (ifrmobile: the same recorder or array console in a phone frame); the electronic seal's
 * configuration and sealing list from seal.ts, its device list from device.ts.
 */

const guidance = () => genericPage("guidance", "guidance", "取证指引", { nav: true });
const phoneFrame = (load: PageComponentLoader) => customPage("ifrmobile", "手机端取证", load, { standsFor: "new" });

/** A recording section: guidance, its recorder's new page, its list and certificates, and any pages of its own. */
const recorderPages = (newPage: PageComponentLoader, ...extra: PageDefinition[]): PageDefinition[] => [
  guidance(),
  customPage("new", "新建取证", newPage, { nav: true, standsFor: "new" }),
  ...recordingListPages(),
  ...extra,
];

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
    { ...recordingSectionData("screenRecord"), key: "screenRecord", title: "录屏取证", icon: DesktopOutlined, landing: "guidance", pages: recorderPages(RECORDING_PAGES.newScreen) },
    {
      ...recordingSectionData("procedureRecord"),
      key: "procedureRecord",
      title: "过程取证",
      icon: NodeIndexOutlined,
      landing: "guidance",
      pages: recorderPages(RECORDING_PAGES.procedureNew, phoneFrame(RECORDING_PAGES.procedureMobile)),
    },
    { ...recordingSectionData("mobileRecord"), key: "mobileRecord", title: "手机录屏取证", icon: MobileOutlined, landing: "guidance", pages: recorderPages(DEVICE_PAGES.mobileRecordNew) },
    {
      ...recordingSectionData("mobileArray"),
      key: "mobileArray",
      title: "手机阵列取证",
      icon: AppstoreOutlined,
      landing: "guidance",
      pages: recorderPages(MOBILE_ARRAY_PAGES.console, phoneFrame(MOBILE_ARRAY_PAGES.phone)),
    },
    // Spec §2: live recording has no new page; its guidance page carries the start form.
    {
      ...recordingSectionData("liveRecord"),
      key: "liveRecord",
      title: "直播取证",
      icon: VideoCameraOutlined,
      landing: "guidance",
      pages: [genericPage("guidance", "guidance", "取证指引", { nav: true, slots: LIVE_RECORD_START }), ...recordingListPages()],
    },
    {
      key: "ElectronicSeal",
      title: "电子印章",
      icon: SafetyCertificateOutlined,
      landing: "guidance",
      pages: [...sealPages(), genericPage("deviceList", "dataList", "设备列表", { nav: true, data: DEVICE_LIST_DATA, slots: DEVICE_LIST_SLOTS })],
    },
  ],
  loadGuidance: () => import("./guidance"),
};
