import { UploadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Card, Col, Form, Image, Input, Radio, Result, Row, Select, Skeleton, Space, Switch, Tag, Upload } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { SEAL_ENDPOINTS, SEAL_IMAGE_SOURCE_LABELS, SEAL_IMAGE_SOURCES, SEAL_MESSAGES, SEAL_STATE_COLORS, SEAL_STATE_LABELS, type SealConfig, type SealImageSource } from "../../schema/seal";
import { refusalOf, showOnFields } from "../kinds/server-refusal";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { SealCertificateCard } from "./seal-certificate-card";

type FormValues = { imageSource: SealImageSource; bottomText?: string; allowedDeviceIds: number[]; isEnabled: boolean };
const FIELDS = ["imageSource", "bottomText", "allowedDeviceIds", "isEnabled"] as const;

/**
 * /evidenceTaken/ElectronicSeal/config: the enterprise verification it depends on, the seal image
 * (drawn from the verified name, or an uploaded transparent PNG) with its preview, the certificate
 * from the platform seal CA, the devices that may use the seal, and saving.
 */
export default function SealConfigPage({ route }: SectionPageProps) {
  const { datas, query } = useEndpointQuery(SEAL_ENDPOINTS.config, {});
  const config = query.isSuccess ? (datas as SealConfig) : undefined;
  return (
    <SectionPageFrame route={route}>
      {query.isLoading ? <Skeleton active /> : query.error ? <Alert type="error" showIcon message={query.error.message} /> : config && <SealConfigView route={route} config={config} reload={() => void query.refetch()} />}
    </SectionPageFrame>
  );
}

function SealConfigView({ route, config, reload }: SectionPageProps & { config: SealConfig; reload: () => void }) {
  const links = useAppLinks();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useEndpointMutation(SEAL_ENDPOINTS.saveConfig);
  const issue = useEndpointMutation(SEAL_ENDPOINTS.issueCertificate);
  const uploadImage = useEndpointMutation(SEAL_ENDPOINTS.uploadImage);
  const [refusal, setRefusal] = useState<string | null>(null);
  const imageSource = Form.useWatch("imageSource", form) ?? config.imageSource;
  const bottomText = Form.useWatch("bottomText", form);
  const preview = useEndpointQuery(SEAL_ENDPOINTS.preview, { imageSource, ...(bottomText ? { bottomText } : {}) }, { enabled: config.canConfigure && (imageSource === "generated" || config.hasUploadedImage) });
  const list = siblingPath(route, "dataList");

  if (!config.canConfigure)
    return <Result status="info" title="电子印章仅向企业认证通过的账号开放" subTitle={SEAL_MESSAGES.notEnterprise} extra={<Link to={links.enterpriseProve}>去企业认证</Link>} />;

  async function run(work: () => Promise<unknown>, done: string) {
    setRefusal(null);
    try {
      await work();
      message.success(done);
      reload();
    } catch (error) {
      const problem = refusalOf(error);
      if (!showOnFields(form, FIELDS, problem)) setRefusal(problem.message);
    }
  }

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Alert
        type="success"
        showIcon
        message={
          <Space wrap>
            <span>已通过企业认证：{config.enterpriseName}</span>
            <Tag color={SEAL_STATE_COLORS[config.state]}>{SEAL_STATE_LABELS[config.state]}</Tag>
            {config.state === "active" && list && <Link to={list}>去用印</Link>}
          </Space>
        }
      />
      {refusal && <Alert type="error" showIcon message={refusal} />}
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Card title="印章图片与使用范围">
            <Form<FormValues>
              form={form}
              layout="vertical"
              initialValues={{ imageSource: config.imageSource, bottomText: config.bottomText ?? undefined, allowedDeviceIds: config.allowedDeviceIds, isEnabled: config.state !== "suspended" }}
              onFinish={(values) => run(() => save.send({ ...values, bottomText: values.bottomText || undefined }), "印章配置已保存")}
            >
              <Form.Item name="imageSource" label="印章图片">
                <Radio.Group options={SEAL_IMAGE_SOURCES.map((value) => ({ value, label: SEAL_IMAGE_SOURCE_LABELS[value] }))} />
              </Form.Item>
              {imageSource === "generated" ? (
                <Form.Item name="bottomText" label="印章下方文字（选填，如“合同专用章”）">
                  <Input maxLength={10} placeholder="不填则只有企业名称与五角星" />
                </Form.Item>
              ) : (
                <Form.Item label="上传印章图片（背景透明的 PNG，不超过 1MB）">
                  <Upload
                    accept=".png,image/png"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void run(() => uploadImage.send({}, { file }), "印章图片已上传");
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} loading={uploadImage.mutation.isPending}>
                      {config.hasUploadedImage ? "更换图片" : "选择图片"}
                    </Button>
                  </Upload>
                </Form.Item>
              )}
              <Form.Item name="allowedDeviceIds" label="允许使用印章的设备" extra={config.devices.length === 0 ? "暂无绑定的设备；网页用印不受此限制" : undefined}>
                <Select mode="multiple" allowClear placeholder="选择设备" options={config.devices.map((device) => ({ value: device.id, label: device.name }))} />
              </Form.Item>
              {config.state !== "unconfigured" && (
                <Form.Item name="isEnabled" label="启用印章" valuePropName="checked">
                  <Switch />
                </Form.Item>
              )}
              <Button type="primary" htmlType="submit" loading={save.mutation.isPending}>
                保存配置
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="印章预览">
            {preview.query.isSuccess && preview.datas ? (
              <Image src={(preview.datas as { dataUrl: string }).dataUrl} alt="印章预览" width={200} preview={false} />
            ) : preview.query.error ? (
              <Alert type="warning" showIcon message={preview.query.error.message} />
            ) : (
              <Skeleton.Image active />
            )}
          </Card>
        </Col>
      </Row>
      <Card title="印章证书">
        <SealCertificateCard certificate={config.certificate} isBusy={issue.mutation.isPending} onIssue={() => void run(() => issue.send({}), config.certificate ? "印章证书已更新" : "印章证书已签发，印章已启用")} />
      </Card>
    </Space>
  );
}
