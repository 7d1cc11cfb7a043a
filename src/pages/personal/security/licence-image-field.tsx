import { UploadOutlined } from "@ant-design/icons";
import { Button, Image, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { acceptAttribute } from "../../../schema/upload";
import { LICENCE_IMAGE_RULE } from "../../../schema/personal";
import { HiddenFileInput } from "../../../components/hidden-file-input";

/** Chooses the licence photo and shows it; the file stays in the browser until the form is submitted. */
export function LicenceImageField({ id, value, onChange }: { id: string; value: File | undefined; onChange: (file: File | undefined) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!value) return setPreviewUrl(null);
    const url = URL.createObjectURL(value);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <>
      <HiddenFileInput
        ref={inputRef}
        id={id}
        accept={acceptAttribute(LICENCE_IMAGE_RULE)}
        aria-label="选择证照图片"
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? undefined);
          event.target.value = "";
        }}
      />
      <Space direction="vertical">
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => inputRef.current?.click()}>
            {value ? "重新选择" : "选择图片"}
          </Button>
          <Typography.Text type="secondary">{value ? value.name : "jpg、jpeg、png，不超过 2M"}</Typography.Text>
        </Space>
        {previewUrl && <Image src={previewUrl} width={240} alt="证照预览" />}
      </Space>
    </>
  );
}
