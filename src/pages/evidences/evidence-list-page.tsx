import { CloudDownloadOutlined, ExportOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { EVIDENCES_PATHS, withSelection } from "./evidence-paths";
import { EvidencesPage } from "./evidences-page";
import { EvidenceTable } from "./evidence-table";

/** /evidences/dataList: every piece of the holder's evidence; the chosen ones go on to extraction or download. */
export function EvidenceListPage() {
  const [selected, setSelected] = useState<number[]>([]);
  const navigate = useNavigate();
  const isEmpty = selected.length === 0;
  return (
    <EvidencesPage title="证据列表">
      <EvidenceTable
        selected={selected}
        onSelect={setSelected}
        actions={
          <>
            <Button icon={<ExportOutlined />} disabled={isEmpty} onClick={() => navigate(withSelection(EVIDENCES_PATHS.evidenceExtract, selected))}>
              生成提取码
            </Button>
            <Button type="primary" icon={<CloudDownloadOutlined />} disabled={isEmpty} onClick={() => navigate(withSelection(EVIDENCES_PATHS.evidenceDownload, selected))}>
              打包下载
            </Button>
          </>
        }
      />
    </EvidencesPage>
  );
}
