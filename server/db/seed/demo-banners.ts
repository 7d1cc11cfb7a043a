import type { Banner } from "../../../src/schema/common.js";

/**
 * Home-carousel banners seeded on first start. Image paths are relative to the storage prefix the
 * server adds; each artwork leaves quiet the side where its template draws the title.
 */
export const demoBanners: Banner[] = [
  {
    templateId: 1,
    imageUrl: "/assets/images/banner/ledger-hero.svg",
    subImage: [],
    button: [
      { name: "立即存证", jumpUrl: "/evidenceSave/fileEvidence/guidance" },
      { name: "查询验证", jumpUrl: "/info/validateQuery" },
    ],
    title: "存下的证据，任何人都能验证",
    subTitle: [
      { title: "文件、文本、哈希同时计算 SHA-256 与 SM3 摘要" },
      { title: "写入公开可审计的 Merkle 树账本，出具存证证书" },
    ],
  },
  {
    templateId: 2,
    imageUrl: "/assets/images/banner/transparency-log.svg",
    subImage: [],
    button: [{ name: "查看链上数据", jumpUrl: "/info/blockChain" }],
    title: "只增不改的透明账本",
    subTitle: [
      { title: "按 RFC 6962 构建 Merkle 树，每个区块以 Ed25519 签名的检查点收尾" },
    ],
  },
  {
    templateId: 3,
    imageUrl: "/assets/images/banner/one-stop.svg",
    subImage: [
      { path: "/assets/images/banner/feature-capture.svg" },
      { path: "/assets/images/banner/feature-hash.svg" },
      { path: "/assets/images/banner/feature-ledger.svg" },
      { path: "/assets/images/banner/feature-verify.svg" },
    ],
    button: [{ name: "开始网页取证", jumpUrl: "/evidenceTaken/snapshotRecord/guidance" }],
    title: "取证、存证、出证、核验，一处完成",
    subTitle: [{ title: "网页在全新的浏览器环境中截取，截图随即计算摘要并写入账本" }],
  },
  {
    templateId: 7,
    imageUrl: "/assets/images/banner/offline-verify.svg",
    subImage: [],
    button: [{ name: "了解离线验证", jumpUrl: "/helpcenter" }],
    title: "离线也能验证存证证书",
    subTitle: [],
  },
  {
    templateId: 8,
    imageUrl: "/assets/images/banner/notary-bundle.svg",
    subImage: [],
    button: [
      { name: "查看套餐", jumpUrl: "/Activity" },
      { name: "在线公证", jumpUrl: "/judicial/notarization/guidance" },
    ],
    title: "网页取证与公证组合套餐",
    subTitle: [
      { title: "一次公证搭配 10、30 或 50 次网页快照取证" },
      { title: "购买后 90 天内有效，可多次购买、数量累计" },
    ],
  },
];
