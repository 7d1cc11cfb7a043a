import { FileProtectOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Upload } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { saveFile } from "../../providers/signed-file";
import { useRecordPdf } from "../../providers/record-pdf";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import type { ListRecord, ListSlotProps, PageSlots, RowActionsProps } from "../../resources/types";
import { EVIDENCE_LIBRARY_ENDPOINTS } from "../../schema/evidence-library";
import { SEAL_ENDPOINTS, type SealingRecord } from "../../schema/seal";
import { recordHref, recordPageBelow } from "../kinds/record-links";
import { refusalOf } from "../kinds/server-refusal";

/** The sealing list's toolbar (上传 PDF 用印, 为证书用印) and each row's 下载 and 证书. */

type SealKind = "upload" | "certificate";

function SealingToolbar({ refresh }: ListSlotProps) {
  const [open, setOpen] = useState<SealKind | null>(null);
  return (
    <Space>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen("upload")}>
        上传 PDF 用印
      </Button>
      <Button icon={<FileProtectOutlined />} onClick={() => setOpen("certificate")}>
        为证书用印
      </Button>
      {open && <SealDialog kind={open} onClose={() => setOpen(null)} onSealed={refresh} />}
    </Space>
  );
}

function SealDialog({ kind, onClose, onSealed }: { kind: SealKind; onClose: () => void; onSealed: () => void }) {
  const { message } = App.useApp();
  const sealUpload = useEndpointMutation(SEAL_ENDPOINTS.sealUpload);
  const sealCertificate = useEndpointMutation(SEAL_ENDPOINTS.sealCertificate);
  const [file, setFile] = useState<File | null>(null);
  const [documentName, setDocumentName] = useState("");
  const [evidenceId, setEvidenceId] = useState<number | null>(null);
  const [page, setPage] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const evidences = useEndpointQuery(EVIDENCE_LIBRARY_ENDPOINTS.list, { pageNumber: 1, pageSize: 100 }, { enabled: kind === "certificate" });
  const options = ((evidences.datas as { list?: { id: number; name: string; certificateNo: string }[] } | undefined)?.list ?? []).map((item) => ({ value: item.id, label: `${item.name}（${item.certificateNo}）` }));

  async function seal() {
    setRefusal(null);
    setBusy(true);
    try {
      const pageField = page ? { page } : {};
      if (kind === "upload") await sealUpload.send({ ...pageField, ...(documentName.trim() ? { documentName: documentName.trim() } : {}) }, { file: file ?? undefined });
      else await sealCertificate.send({ ...pageField, ...(evidenceId ? { evidenceId } : {}) });
      message.success("用印完成，已存证上链");
      onSealed();
      onClose();
    } catch (error) {
      setRefusal(refusalOf(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={kind === "upload" ? "上传 PDF 用印" : "为证书用印"} okText="用印" confirmLoading={isBusy} onOk={() => void seal()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        {kind === "upload" ? (
          <>
            <Form.Item label="PDF 文件（不超过 50MB，未加密）" required>
              <Upload accept=".pdf,application/pdf" maxCount={1} beforeUpload={(chosen) => (setFile(chosen), false)} onRemove={() => setFile(null)}>
                <Button icon={<UploadOutlined />}>选择文件</Button>
              </Upload>
            </Form.Item>
            <Form.Item label="文档名称（选填，默认为文件名）">
              <Input value={documentName} maxLength={100} onChange={(event) => setDocumentName(event.target.value)} />
            </Form.Item>
          </>
        ) : (
          <Form.Item label="选择本人的存证证书" required>
            <Select showSearch optionFilterProp="label" loading={evidences.query.isLoading} options={options} value={evidenceId ?? undefined} onChange={setEvidenceId} placeholder="选择证书" />
          </Form.Item>
        )}
        <Form.Item label="用印页码（选填，默认末页，印章加盖在页面右下角）">
          <InputNumber min={1} precision={0} value={page} onChange={(value) => setPage(value ?? null)} style={{ width: 160 }} />
        </Form.Item>
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Form>
    </Modal>
  );
}

const asSealing = (record: ListRecord) => record as unknown as SealingRecord;

function SealingRowActions({ route, record }: RowActionsProps) {
  const sealing = asSealing(record);
  const pdfs = useRecordPdf(SEAL_ENDPOINTS.download);
  const { message } = App.useApp();
  const certificate = recordPageBelow(route);
  async function download() {
    const answer = await pdfs.fetchPdf(sealing.id, sealing.documentName).catch(() => null);
    if (!answer) return message.error("下载失败，请稍后重试");
    if ("code" in answer) return message.error(answer.message);
    saveFile(answer.file, answer.fileName);
  }
  return (
    <Space size="small">
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void download()}>
        下载
      </Button>
      {certificate && <Link to={recordHref(route, certificate, sealing.id)}>证书</Link>}
    </Space>
  );
}

const slots: PageSlots = { toolbar: SealingToolbar, rowActions: SealingRowActions };
export default slots;
