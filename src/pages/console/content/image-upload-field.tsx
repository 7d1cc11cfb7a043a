import { UploadOutlined } from "@ant-design/icons";
import { Button, Flex, Typography, Upload } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { CONTENT_ENDPOINTS, CONTENT_IMAGE_UPLOAD_RULE } from "../../../schema/console/content";
import { acceptAttribute, checkUpload } from "../../../schema/upload";
import { refusalOf } from "../../kinds/server-refusal";

/**
 * A form field holding an image's stored path: shows the picture, and uploads a new one to the
 * blob store (jpg/png up to 5 MB, checked here by name and size and again on the server by its
 * bytes), then holds the path the server answered.
 */
export function ImageUploadField({ value, onChange, label }: { value?: string; onChange?: (path: string) => void; label: string }) {
  const { send, mutation } = useEndpointMutation(CONTENT_ENDPOINTS.uploadImage);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(file: File) {
    const local = checkUpload(file, CONTENT_IMAGE_UPLOAD_RULE);
    if (local) return setProblem(local);
    try {
      const { path } = await send({}, { image: file });
      setProblem(null);
      onChange?.(path);
    } catch (error) {
      const refusal = refusalOf(error);
      setProblem(refusal.errors?.image ?? refusal.message);
    }
  }

  return (
    <Flex gap={12} align="center" wrap>
      {value ? (
        <img src={value} alt={label} style={{ width: 160, height: 64, objectFit: "contain", background: "#f5f5f5", borderRadius: 4 }} />
      ) : (
        <Typography.Text type="secondary">尚未上传</Typography.Text>
      )}
      <Upload
        accept={acceptAttribute(CONTENT_IMAGE_UPLOAD_RULE)}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={mutation.isPending}>
          {value ? `更换${label}` : `上传${label}`}
        </Button>
      </Upload>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
