import { CloudDownloadOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { SectionPageProps } from "../../resources/derive";
import { useEvidenceLibraryClient } from "../../providers/evidence-library-client";
import { PACKAGE_MAX_ITEMS } from "../../schema/evidence-library";
import { readSelection } from "./evidence-selection";
import { EvidencesPage } from "./evidences-page";
import { EvidenceTable } from "./evidence-table";
import { usePackageDownload } from "./use-package-download";

/**
 * /evidences/evidenceDownload: the chosen evidence packed into one ZIP (originals, certificates,
 * ledger proofs, manifest.json and 清单.txt) while the packaging countdown shows.
 */
export function EvidenceDownloadPage({ route }: SectionPageProps) {
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<number[]>(() => readSelection(search));
  const client = useEvidenceLibraryClient();
  const { download, isPackaging } = usePackageDownload(client.holderPackage);
  const isTooMany = selected.length > PACKAGE_MAX_ITEMS;
  return (
    <EvidencesPage title="证据下载">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`勾选要下载的证据（一次最多 ${PACKAGE_MAX_ITEMS} 条），打包为一个 ZIP 文件：每条证据的原始文件、存证证书（PDF）、账本证明（.tlog-proof），以及列明全部摘要的 manifest.json 和 清单.txt。`}
      />
      <EvidenceTable
        route={route}
        selected={selected}
        onSelect={setSelected}
        actions={
          <Button type="primary" icon={<CloudDownloadOutlined />} disabled={selected.length === 0 || isTooMany} loading={isPackaging} onClick={() => void download(selected)}>
            打包下载（{selected.length}）
          </Button>
        }
      />
    </EvidencesPage>
  );
}
