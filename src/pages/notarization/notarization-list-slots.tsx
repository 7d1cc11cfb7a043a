import { PlusOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { SignedDownloadButton } from "../../components/signed-download";
import type { ListSlotProps, PageSlots, RowActionsProps } from "../../resources/types";
import { NOTARIZATION_ENDPOINTS, NOTARIZATION_LIFECYCLE, type NotarizationRow } from "../../schema/notarization";
import { SELECTION_PARAM } from "../evidences/evidence-selection";
import { applicationHref, APPLY_PARAM, NEW_APPLICATION, SUPPLEMENT_ANCHOR } from "./notarization-links";
import { certificateFile } from "./notarial-certificate-file";
import { WithdrawButton } from "./withdraw-button";

const ApplicationDrawer = lazy(() => import("./application-drawer"));

/**
 * What the notarisation list adds to the generic list: 申请公证 (the application form in a drawer,
 * also opened by `?apply=` for a draft and by `?ids=` from the evidence library's selection), and
 * each row's 详情, 办理进度, 继续填写, 撤回, 补充材料 and 下载公证书 as its state allows.
 */

function ApplyToolbar({ route, refresh }: ListSlotProps) {
  const [params, setParams] = useSearchParams();
  const draft = params.get(APPLY_PARAM);
  const isOpen = draft !== null || params.has(SELECTION_PARAM);
  const open = (value: string) => setParams((current) => new URLSearchParams([...current, [APPLY_PARAM, value]]));
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(APPLY_PARAM);
      next.delete(SELECTION_PARAM);
      return next;
    });
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => open(NEW_APPLICATION)}>
        申请公证
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <ApplicationDrawer route={route} draftId={draft && draft !== NEW_APPLICATION ? Number(draft) : null} onClose={close} onChanged={refresh} />
        </Suspense>
      )}
    </>
  );
}

function ApplicationRowActions({ route, record, refresh }: RowActionsProps) {
  const row = record as unknown as NotarizationRow;
  const [, setParams] = useSearchParams();
  return (
    <Space size={12} wrap>
      {row.state === "draft" ? (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setParams((current) => new URLSearchParams([...current, [APPLY_PARAM, String(row.id)]]))}>
          继续填写
        </Button>
      ) : (
        <Link to={applicationHref(route, "dataDetail", row.id)}>详情</Link>
      )}
      <Link to={applicationHref(route, "progress", row.id)}>办理进度</Link>
      {row.state === "supplementing" && <Link to={`${applicationHref(route, "dataDetail", row.id)}#${SUPPLEMENT_ANCHOR}`}>补充材料</Link>}
      {row.state === "issued" && (
        <SignedDownloadButton endpoint={NOTARIZATION_ENDPOINTS.downloadCertificate} params={{ id: row.id }} file={certificateFile(row.applicationNo)}>
          下载公证书
        </SignedDownloadButton>
      )}
      {NOTARIZATION_LIFECYCLE.can(row.state, "withdraw") && <WithdrawButton application={row} onDone={refresh} />}
    </Space>
  );
}

const slots: PageSlots = { toolbar: ApplyToolbar, rowActions: ApplicationRowActions };
export default slots;
