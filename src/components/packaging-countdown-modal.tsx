import { LoadingOutlined } from "@ant-design/icons";
import { Modal, Space, Typography } from "antd";
import { useLayoutEffect } from "react";
import { useModalStore, type ModalStore } from "../providers/modal-store";
import { useCountdown } from "./use-countdown";

export const PACKAGING_TEXT = {
  title: "正在打包下载",
  remaining: (seconds: number) => `下载文件正在打包，预计还需 ${seconds} 秒`,
  almostDone: "打包即将完成，请稍候…",
  hint: "打包完成前请不要关闭页面。",
} as const;

export interface PackagingOptions {
  /** How long packaging is expected to take; the modal counts down from here. */
  estimatedSeconds: number;
}

/** show() when packaging starts (again with a new estimate if it changes), close() when it has finished or failed. */
export type PackagingModalStore = ModalStore<PackagingOptions>;


/**
 * The packaging-countdown modal of spec §2: the seconds left while a download is being packaged.
 * It cannot be dismissed; it goes when the caller says packaging has finished. Past the estimate
 * it says packaging is nearly done rather than showing 0 or a negative time.
 */
export function PackagingCountdownModal({ open, secondsLeft }: { open: boolean; secondsLeft: number }) {
  return (
    <Modal open={open} title={PACKAGING_TEXT.title} closable={false} maskClosable={false} keyboard={false} footer={null} destroyOnHidden>
      <Space direction="vertical" size={8}>
        <Space size={10} aria-live="polite">
          <LoadingOutlined />
          <span>{secondsLeft > 0 ? PACKAGING_TEXT.remaining(secondsLeft) : PACKAGING_TEXT.almostDone}</span>
        </Space>
        <Typography.Text type="secondary">{PACKAGING_TEXT.hint}</Typography.Text>
      </Space>
    </Modal>
  );
}

/** Counts the store's estimate down second by second; mounted once by <AppFeedbackProvider>. */
export function PackagingCountdownModalHost({ store }: { store: PackagingModalStore }) {
  const current = useModalStore(store);
  const { secondsLeft, start } = useCountdown(Math.max(0, Math.ceil(current?.estimatedSeconds ?? 0)));
  // Every show() is a new object, so a new estimate restarts the countdown; before paint, so the
  // modal never flashes "nearly done" while the first second has not been counted yet.
  useLayoutEffect(() => {
    if (current) start();
  }, [current, start]);
  return current ? <PackagingCountdownModal open secondsLeft={secondsLeft} /> : null;
}
