import { DEVICE_ENDPOINTS, DeviceListQuerySchema, DeviceRecordSchema } from "../../schema/device";
import { defineSectionData } from "../define";
import { describeFilters } from "../field-meta";
import type { PageComponentLoader, PageSlotsLoader, SectionData } from "../types";

/** The electronic seal's device list (issue 16): bound recording devices, 添加设备 with a bind code, 重命名, 解绑. */
export const DEVICE_LIST_DATA: SectionData = defineSectionData({
  record: DeviceRecordSchema,
  columns: ["id", "name", "model", "os", "publicKeySha256", "state", "bindTime", "lastSeenTime"],
  filters: describeFilters(DeviceListQuerySchema, ["keyName", "state"]),
  endpoints: { list: DEVICE_ENDPOINTS.list },
  emptyText: "暂无绑定的取证设备，点击“添加设备”生成绑定码",
});
export const DEVICE_LIST_SLOTS: PageSlotsLoader = () => import("../../pages/device/device-list-slots");

/** liveRecord's guidance page carries the start form (spec §2: no new page). */
export const LIVE_RECORD_START: PageSlotsLoader = () => import("../../pages/live-record/live-record-slots");

/** mobileArray's new page (choose devices, start, watch each part) and the same in a phone frame (ifrmobile). */
export const DEVICE_PAGES = {
  /** mobileRecord's new page: bind a device, the bound devices, how a device records. */
  mobileRecordNew: () => import("../../pages/device/mobile-record-new-page"),
} satisfies Record<string, PageComponentLoader>;

export const MOBILE_ARRAY_PAGES = {
  console: () => import("../../pages/mobile-array/mobile-array-page"),
  phone: () => import("../../pages/mobile-array/mobile-array-phone-page"),
} satisfies Record<string, PageComponentLoader>;
