import { Button, Modal, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { EXPORT_MODAL_AUTO_CLOSE_MS } from "../schema/constants";
import { useModalStore, type ModalStore } from "../providers/modal-store";
import { useCountdown } from "./use-countdown";

export const EXPORT_RECORDS_TEXT = { title: "导出记录", dismiss: "知道了", closesIn: (seconds: number) => `${seconds} 秒后自动关闭` } as const;

const AUTO_CLOSE_SECONDS = EXPORT_MODAL_AUTO_CLOSE_MS / 1000;

export interface ExportRecordsOptions {
  /** What happened to the export, e.g. that the file is being prepared and where to find it. */
  content: string;
}

export type ExportRecordsModalStore = ModalStore<ExportRecordsOptions>;


/**
 * The export-records modal of spec §2 / §4 / §9: shows its message with a visible countdown and
 * closes itself after 4 seconds; the user may also dismiss it sooner. A new message restarts it.
 */
export function ExportRecordsModal({ open, content, onClose }: ExportRecordsOptions & { open: boolean; onClose: () => void }) {
  const { secondsLeft, start } = useCountdown(AUTO_CLOSE_SECONDS);
  const [isCounting, setCounting] = useState(false);
  // Read through a ref so that a parent re-rendering with a new callback does not restart the countdown.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    setCounting(open);
    if (open) start();
  }, [open, content, start]);
  useEffect(() => {
    if (!isCounting || secondsLeft > 0) return;
    setCounting(false);
    onCloseRef.current();
  }, [isCounting, secondsLeft]);

  return (
    <Modal
      open={open}
      title={EXPORT_RECORDS_TEXT.title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {EXPORT_RECORDS_TEXT.dismiss}
        </Button>
      }
    >
      <p>{content}</p>
      <Typography.Text type="secondary" aria-live="polite">
        {EXPORT_RECORDS_TEXT.closesIn(isCounting ? secondsLeft : AUTO_CLOSE_SECONDS)}
      </Typography.Text>
    </Modal>
  );
}

/** Renders the store's current export message; mounted once by <AppFeedbackProvider>. */
export function ExportRecordsModalHost({ store }: { store: ExportRecordsModalStore }) {
  const current = useModalStore(store);
  return current ? <ExportRecordsModal {...current} open onClose={store.close} /> : null;
}
