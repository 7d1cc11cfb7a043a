import { SignedDownloadButton } from "../../components/signed-download";
import { describeFields } from "../../resources/field-meta";
import type { ListRecord } from "../../resources/types";
import { NOTARIZATION_ENDPOINTS, NotarizationMaterialSchema, type NotarizationMaterial } from "../../schema/notarization";
import { NOTARY_CONSOLE_ENDPOINTS } from "../../schema/notary-console";
import { fieldColumns } from "../kinds/field-cell";
import { RecordTable } from "../kinds/record-table";

/** The applicant's download of a material, or the office's: the same file behind each one's session. */
export type MaterialDownloadEndpoint = typeof NOTARIZATION_ENDPOINTS.downloadMaterial | typeof NOTARY_CONSOLE_ENDPOINTS.downloadMaterial;

const COLUMNS = fieldColumns(describeFields(NotarizationMaterialSchema, ["fileName", "size", "sha256", "time"]));

/** The files the applicant supplied in answer to material requests, each downloadable. */
export function MaterialsTable({ applicationId, materials, endpoint }: { applicationId: number; materials: readonly NotarizationMaterial[]; endpoint: MaterialDownloadEndpoint }) {
  return (
    <RecordTable
      rowKey="id"
      records={materials as unknown as ListRecord[]}
      emptyText="暂无补充材料"
      scroll={{ x: "max-content" }}
      columns={[
        ...COLUMNS,
        {
          key: "download",
          title: "操作",
          render: (_dom, record) => (
            <SignedDownloadButton endpoint={endpoint} params={{ id: applicationId, materialId: Number(record.id) }} file={{ fallbackName: String(record.fileName) }}>
              下载
            </SignedDownloadButton>
          ),
        },
      ]}
    />
  );
}
