import { zodResolver } from "@hookform/resolvers/zod";
import type { HttpError } from "@refinedev/core";
import { Button, Card, Descriptions, Form, Input, Table, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { FormField } from "../../../components/form-field";
import { MessageModal } from "../../../components/message-modal";
import type { HelpCenterClient } from "../../../providers/help-center-client";
import { LawSuitPackageFormSchema, type LawSuitPackage, type LawSuitPackageForm } from "../../../schema/lawsuit-package";
import { CaptchaImage } from "../../info/extraction/captcha-image";
import "../../info/details-product/news-article.css";

const BLANK: LawSuitPackageForm = { certificateNo: "", idCardNo: "", verifyCode: "" };
export const ID_NUMBER_HINT = "个人为身份证号码，企业为营业执照号码";

/**
 * HLSUITPACKAGE (spec §2, §4): the holder of a certificate asks for its litigation package with the
 * certificate number, their ID number and the image captcha, each checked when the field is left.
 * A refusal shows in the message modal; closing it loads a new captcha (each is single-use) and
 * clears its field. Success shows the package and its download, and the page adds a result crumb.
 */
export function LawSuitPackageView({ client, onVerified }: { client: HelpCenterClient; onVerified: (isVerified: boolean) => void }) {
  const [result, setResult] = useState<LawSuitPackage | null>(null);
  if (result) {
    return (
      <LawSuitPackageDetail
        result={result}
        client={client}
        onAgain={() => {
          setResult(null);
          onVerified(false);
        }}
      />
    );
  }
  return (
    <LawSuitPackageFormView
      client={client}
      onResult={(found) => {
        setResult(found);
        onVerified(true);
      }}
    />
  );
}

function LawSuitPackageFormView({ client, onResult }: { client: HelpCenterClient; onResult: (result: LawSuitPackage) => void }) {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, resetField, formState } = useForm<LawSuitPackageForm>({
    resolver: zodResolver(LawSuitPackageFormSchema) as unknown as Resolver<LawSuitPackageForm>,
    defaultValues: BLANK,
    mode: "onBlur",
  });

  const refreshCaptcha = useCallback(() => {
    setCaptcha(null);
    client.packageCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, [client]);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  async function submit(values: LawSuitPackageForm) {
    try {
      onResult(await client.lawSuitPackage(values));
    } catch (error) {
      setRefusal((error as HttpError).message);
    }
  }

  function closeRefusal() {
    setRefusal(null);
    resetField("verifyCode");
    refreshCaptcha();
  }

  return (
    <Card title="诉讼包下载">
      <Typography.Paragraph type="secondary">
        诉讼包由平台为证书持有人生成，包含证据原件、存证证书、链上证明、校验报告和向法院提交的指引。请输入证书编号和持有人的证件号码，核对一致后即可下载。
      </Typography.Paragraph>
      <Form layout="vertical" component={false}>
        <form onSubmit={handleSubmit(submit)} noValidate aria-label="诉讼包验证" style={{ maxWidth: 460 }}>
          <FormField control={control} name="certificateNo" label="证书编号">
            {({ field, id }) => <Input {...field} id={id} autoComplete="off" placeholder="请输入证书编号" />}
          </FormField>
          <FormField control={control} name="idCardNo" label="证件号码" extra={ID_NUMBER_HINT}>
            {({ field, id }) => <Input {...field} id={id} autoComplete="off" placeholder="请输入证件号码" />}
          </FormField>
          <FormField control={control} name="verifyCode" label="验证码">
            {({ field, id }) => (
              <div style={{ display: "flex", gap: 8 }}>
                <Input {...field} id={id} maxLength={4} autoComplete="off" placeholder="请输入验证码" />
                <CaptchaImage src={captcha} onRefresh={refreshCaptcha} />
              </div>
            )}
          </FormField>
          <Button type="primary" htmlType="submit" block loading={formState.isSubmitting}>
            验证并获取诉讼包
          </Button>
        </form>
      </Form>
      <MessageModal open={refusal !== null} content={refusal ?? ""} onClose={closeRefusal} />
    </Card>
  );
}

const FILE_COLUMNS = [
  { title: "文件", dataIndex: "name", key: "name" },
  { title: "说明", dataIndex: "description", key: "description" },
  { title: "大小（字节）", dataIndex: "bytes", key: "bytes", width: 140 },
];

function LawSuitPackageDetail({ result, client, onAgain }: { result: LawSuitPackage; client: HelpCenterClient; onAgain: () => void }) {
  return (
    <Card title={result.title} extra={<Button onClick={onAgain}>重新验证</Button>}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="更新时间">{result.updateTime}</Descriptions.Item>
        <Descriptions.Item label="文件大小">{result.fileSize}</Descriptions.Item>
        <Descriptions.Item label="文件数量">{result.fileNum}</Descriptions.Item>
        <Descriptions.Item label="文件格式">{result.fileFormat}</Descriptions.Item>
      </Descriptions>
      {/* Written by the server for this package. */}
      <div className="news-article-content" style={{ lineHeight: 1.9 }} dangerouslySetInnerHTML={{ __html: result.content }} />
      <Table size="small" rowKey="name" columns={FILE_COLUMNS} dataSource={result.files} pagination={false} style={{ margin: "16px 0" }} />
      {/* Signed when clicked; the server answers the zip as an attachment, so the page stays where it is. */}
      <Button type="primary" href={result.filePath} onClick={(event) => ((event.currentTarget as HTMLAnchorElement).href = client.packageDownloadUrl(result.filePath))} download>
        下载诉讼包
      </Button>
    </Card>
  );
}
