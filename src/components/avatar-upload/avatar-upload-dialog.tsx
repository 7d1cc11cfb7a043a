import { UploadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Modal, Space, Typography } from "antd";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { usePersonalServices } from "../../providers/personal-context";
import { useSessionStore, useUserSession } from "../../providers/session-context";
import { mergeUserInfo } from "../../providers/session-user-update";
import { AVATAR_CROP_PX, AVATAR_THUMBNAIL_PX } from "../../schema/constants";
import { ResultCode } from "../../schema/envelope";
import { AVATAR_SAVED_MESSAGE } from "../../schema/personal";
import { acceptAttribute, AVATAR_UPLOAD_RULE, UPLOAD_MESSAGES } from "../../schema/upload";
import { initialCrop, type CropState } from "./avatar-crop";
import { CropPreview } from "./crop-preview";
import { HiddenFileInput } from "../hidden-file-input";
import { outputTypeOf, renderAvatarDataUrl } from "./render-avatar";
import { usePickedImage } from "./use-picked-image";

export const AVATAR_DIALOG_TEXT = {
  title: "修改头像",
  choose: "选择图片",
  save: "保存",
  hint: "支持 jpg、jpeg、png 格式，不超过 2M。拖动图片选择区域，滑动条缩放；保存为 160×160 的正方形头像。",
  noCanvas: "当前浏览器不支持图片裁剪，请使用新版浏览器",
} as const;

const MISSING_MESSAGE = AVATAR_UPLOAD_RULE.messages?.missing ?? UPLOAD_MESSAGES.missing;

/**
 * The avatar-upload dialog of spec §2: pick a jpg/png, crop a square in the 320×320 preview, save
 * it as a 160×160 image through uploadHeadPortrait. The spec's messages (§5, §8) show in the
 * dialog; a saved avatar goes into the stored session, so the header and side navigation show it.
 */
export function AvatarUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { personal } = usePersonalServices();
  const sessionStore = useSessionStore();
  const user = useUserSession();
  const { message } = App.useApp();
  const inputRef = useRef<HTMLInputElement>(null);
  const { picked, problem, setProblem, choose, reset } = usePickedImage();
  const [crop, setCrop] = useState<CropState | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    setCrop(picked ? initialCrop(picked.image.naturalWidth, picked.image.naturalHeight, AVATAR_THUMBNAIL_PX) : null);
  }, [picked]);

  function close() {
    reset();
    onClose();
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    choose(event.target.files?.[0] ?? null);
    // The same file can be chosen again after a refusal.
    event.target.value = "";
  }

  async function save() {
    if (!picked || !crop || !user) return setProblem(MISSING_MESSAGE);
    const dataUrl = renderAvatarDataUrl(picked.image, crop, AVATAR_CROP_PX, outputTypeOf(picked.file));
    if (!dataUrl) return setProblem(AVATAR_DIALOG_TEXT.noCanvas);
    setSaving(true);
    const envelope = await personal.uploadAvatar(user.id ?? "", dataUrl).finally(() => setSaving(false));
    if (envelope.code !== ResultCode.success || !envelope.datas) return setProblem(envelope.message);
    mergeUserInfo(sessionStore, { headPortraitPath: envelope.datas.headPortraitPath });
    message.success(AVATAR_SAVED_MESSAGE);
    close();
  }

  return (
    <Modal
      open={open}
      title={AVATAR_DIALOG_TEXT.title}
      onCancel={close}
      destroyOnHidden
      width={AVATAR_THUMBNAIL_PX + 48}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={save}>
          {AVATAR_DIALOG_TEXT.save}
        </Button>,
      ]}
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Text type="secondary">{AVATAR_DIALOG_TEXT.hint}</Typography.Text>
        <HiddenFileInput ref={inputRef} accept={acceptAttribute(AVATAR_UPLOAD_RULE)} aria-label="选择头像图片" onChange={onFileChange} />
        <Button icon={<UploadOutlined />} onClick={() => inputRef.current?.click()}>
          {AVATAR_DIALOG_TEXT.choose}
        </Button>
        {problem && <Alert type="error" showIcon message={problem} />}
        {picked && crop ? (
          <CropPreview image={picked.image} state={crop} onChange={setCrop} />
        ) : (
          <div style={{ width: AVATAR_THUMBNAIL_PX, height: AVATAR_THUMBNAIL_PX, background: "#fafafa", border: "1px dashed #d9d9d9", display: "grid", placeItems: "center", color: "#8c8c8c" }}>
            请选择图片
          </div>
        )}
      </Space>
    </Modal>
  );
}
