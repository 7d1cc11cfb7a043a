import { navItem } from "./public-nav-items";

/**
 * What each QR code of the shell opens, and what it honestly is. There is no mobile app and no
 * public account yet, so those two codes open our own pages about the product and about us on the
 * phone, and say so; the phone-access code opens the page being read.
 */
export interface QrCodeTarget {
  key: "app" | "publicAccount" | "phone";
  button: string;
  title: string;
  caption: string;
  /** Our own page to open; absent for "this page". */
  path?: string;
}

export const QR_CODE_TARGETS = {
  app: {
    key: "app",
    button: "App 二维码",
    title: "手机 App",
    caption: "移动端 App 尚未上架。扫码可在手机上打开“产品服务”页，了解各项产品。",
    path: navItem("product").path,
  },
  publicAccount: {
    key: "publicAccount",
    button: "公众号二维码",
    title: "公众号",
    caption: "公众号尚未开通。扫码可在手机上打开“关于我们”页。",
    path: navItem("about").path,
  },
  phone: {
    key: "phone",
    button: "手机访问",
    title: "手机访问本页",
    caption: "用手机扫码，在手机上继续浏览当前页面。",
  },
} as const satisfies Record<QrCodeTarget["key"], QrCodeTarget>;

/** The absolute address a code carries: a phone must reach the same origin the visitor is on. */
export function qrCodeUrl(target: QrCodeTarget, currentUrl: string): string {
  const current = new URL(currentUrl);
  return target.path ? new URL(target.path, current.origin).href : current.href;
}
