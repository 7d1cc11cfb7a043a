import { App, Divider, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { SectionPageProps } from "../../resources/derive";
import { useEvidenceLibraryClient } from "../../providers/evidence-library-client";
import type { CreatedExtraction } from "../../schema/evidence-library";
import { CreatedExtractionDialog } from "./created-extraction-dialog";
import { readSelection } from "./evidence-selection";
import { EvidencesPage } from "./evidences-page";
import { EvidenceTable } from "./evidence-table";
import { ExtractionForm } from "./extraction-form";
import { ExtractionRecords } from "./extraction-records";

/**
 * /evidences/evidenceExtract: pick evidence, get an extraction number and code for a court or the
 * other party (they log in at /info/extractLogin), and manage the codes already given out.
 */
export function EvidenceExtractPage({ route }: SectionPageProps) {
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<number[]>(() => readSelection(search));
  const [created, setCreated] = useState<CreatedExtraction | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const client = useEvidenceLibraryClient();
  const { message } = App.useApp();

  async function create(values: { validDays: number; remark: string }) {
    setSubmitting(true);
    try {
      setCreated(await client.createExtraction({ evidenceIds: selected, ...values }));
      setRefreshKey((key) => key + 1);
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <EvidencesPage title="证据提取">
      <Typography.Paragraph type="secondary">
        勾选要出示的证据并设置有效期，生成提取编号和提取码。查看方无需注册，在“证据提取”页面凭编号和提取码即可查看、下载这些证据及其存证证书；到期或撤销后立即失效。
      </Typography.Paragraph>
      <EvidenceTable route={route} selected={selected} onSelect={setSelected} />
      <Divider />
      <ExtractionForm count={selected.length} isSubmitting={isSubmitting} onSubmit={create} />
      <Divider orientation="left">提取记录</Divider>
      <ExtractionRecords route={route} refreshKey={refreshKey} />
      <CreatedExtractionDialog created={created} onClose={() => setCreated(null)} />
    </EvidencesPage>
  );
}
