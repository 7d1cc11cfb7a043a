import { Space } from "antd";
import { ContentSections } from "../../../components/public-page/content-sections";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { BLOCK_CHAIN_LEAD, BLOCK_CHAIN_SECTIONS, BLOCK_CHAIN_TITLE } from "./block-chain-content";
import { ChainStatistics } from "./chain-statistics";

/** /info/blockChain: what the evidence ledger is, how it is anchored and audited, and its live figures. */
export function BlockChainPage() {
  return (
    <PublicPageLayout title={BLOCK_CHAIN_TITLE} lead={BLOCK_CHAIN_LEAD}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <ChainStatistics />
        <ContentSections sections={BLOCK_CHAIN_SECTIONS} />
      </Space>
    </PublicPageLayout>
  );
}
